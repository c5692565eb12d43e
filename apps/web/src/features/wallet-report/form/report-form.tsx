import { Play, Zap } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Card } from "../../../components/card.tsx";
import { Link } from "../../../components/link.tsx";
import { SecretGuardInput } from "../../../components/secret-guard-input.tsx";
import { inputClassName } from "../../../components/text-field.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import { PATHS } from "../../../lib/paths.ts";
import { WALLETS_ANCHOR } from "../../wallets/index.ts";
import type { AnalysisMode } from "../job/report-answers.ts";
import { type ManualEntriesState, ManualEntriesUpload } from "../manual-entries/manual-entries-upload.tsx";
import {
  addressError,
  analysisBlocker,
  normalizeAddress,
  type ReportMessage,
  type ReportScope,
  taxYearError,
  yearOptions,
} from "./report-inputs.ts";

export const REPORT_ADDRESS_ID = "wallet-report-address";

interface ReportFormProps {
  address: string;
  onAddressChange: (value: string) => void;
  scope: ReportScope;
  onScopeChange: (value: ReportScope) => void;
  year: string;
  onYearChange: (value: string) => void;
  savedWallets: number;
  savedWalletsLoading: boolean;
  manual: ManualEntriesState | null;
  onManualChange: (value: ManualEntriesState | null) => void;
  signedIn: boolean;
  busy: boolean;
  onAnalyse: (mode: AnalysisMode) => void;
}

/** Address (or all saved wallets), tax year, manual entries and the two analyse buttons. */
export function ReportForm(props: ReportFormProps) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const yearId = useId();
  const scopeName = useId();
  const [touched, setTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [blocker, setBlocker] = useState<ReportMessage | null>(null);

  const showAddressErrors = props.scope === "address" && (touched || attempted);
  const addressMessage = showAddressErrors
    ? (addressError(props.address) ?? (attempted && props.address.trim() === "" ? { key: "form.noWallet" } : null))
    : null;
  const yearMessage = taxYearError(props.year);

  const analyse = (mode: AnalysisMode) => {
    setAttempted(true);
    const reason = analysisBlocker({
      scope: props.scope,
      address: props.address,
      year: props.year,
      signedIn: props.signedIn,
      running: props.busy,
      savedWallets: props.savedWallets,
    });
    setBlocker(reason);
    if (reason) {
      if (reason.key.startsWith("form.address") || reason.key === "form.noWallet") {
        document.getElementById(REPORT_ADDRESS_ID)?.focus();
      }
      return;
    }
    props.onAnalyse(mode);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    analyse("job");
  };

  // A blocker shown beside the buttons when it is not already shown at a field.
  const formMessage =
    blocker &&
    !blocker.key.startsWith("form.address") &&
    blocker.key !== "form.noWallet" &&
    !blocker.key.startsWith("form.year")
      ? blocker
      : null;

  return (
    <Card aria-labelledby="wallet-report-form-title">
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        <h2 id="wallet-report-form-title" className="text-base font-semibold">
          {t("form.title")}
        </h2>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("form.scope")}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={scopeName}
                value="address"
                checked={props.scope === "address"}
                onChange={() => {
                  props.onScopeChange("address");
                  setBlocker(null);
                }}
                className="size-4 accent-[var(--accent)]"
              />
              {t("form.scopeAddress")}
            </label>
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={scopeName}
                value="all"
                checked={props.scope === "all"}
                onChange={() => {
                  props.onScopeChange("all");
                  setBlocker(null);
                }}
                className="size-4 accent-[var(--accent)]"
              />
              {props.savedWalletsLoading
                ? t("form.scopeAllLoading")
                : t("form.scopeAll", { count: props.savedWallets, formatted: formatInteger(props.savedWallets, lang) })}
            </label>
          </div>
          <p className="text-xs text-text-muted">{t("form.scopeHint")}</p>
        </fieldset>

        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_12rem]">
          {props.scope === "address" ? (
            <SecretGuardInput
              id={REPORT_ADDRESS_ID}
              label={t("form.address")}
              placeholder="0x..."
              value={props.address}
              onValueChange={(value) => {
                props.onAddressChange(value);
                setBlocker(null);
              }}
              onBlur={() => {
                setTouched(true);
                if (props.address !== normalizeAddress(props.address)) {
                  props.onAddressChange(normalizeAddress(props.address));
                }
              }}
              error={addressMessage ? t(addressMessage.key, addressMessage.values) : null}
              hint={t("form.addressHint")}
            />
          ) : (
            <div className="space-y-1 text-sm" data-testid="scope-all-note">
              <p className="font-medium">{t("form.address")}</p>
              {props.savedWallets === 0 && !props.savedWalletsLoading ? (
                <p className="text-negative">
                  {t("form.noSavedWallets")}{" "}
                  <Link to={`${PATHS.portfolio}#${WALLETS_ANCHOR}`} className="font-medium text-accent hover:underline">
                    {t("form.addWallet")}
                  </Link>
                </p>
              ) : (
                <p className="text-text-muted">{t("form.allWalletsNote")}</p>
              )}
            </div>
          )}

          <div className="space-y-1">
            <label htmlFor={yearId} className="block text-sm font-medium">
              {t("form.year")}
            </label>
            <select
              id={yearId}
              value={props.year}
              onChange={(event) => {
                props.onYearChange(event.target.value);
                setBlocker(null);
              }}
              className={cn(inputClassName, "tabular")}
              aria-invalid={yearMessage ? true : undefined}
              aria-describedby={yearMessage ? `${yearId}-error` : undefined}
            >
              <option value="">{t("form.yearPlaceholder")}</option>
              {yearOptions(new Date(), props.year).map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </select>
            {yearMessage ? (
              <p id={`${yearId}-error`} className="text-xs text-negative">
                {t(yearMessage.key, yearMessage.values)}
              </p>
            ) : null}
          </div>
        </div>

        <ManualEntriesUpload value={props.manual} onChange={props.onManualChange} disabled={props.busy} />

        <div className="space-y-2 border-t border-border pt-4">
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={props.busy} disabled={props.busy}>
              {props.busy ? null : <Play className="size-4" aria-hidden="true" />}
              {t("form.analyse")}
            </Button>
            <Button variant="secondary" disabled={props.busy} onClick={() => analyse("direct")}>
              <Zap className="size-4" aria-hidden="true" />
              {t("form.analyseDirect")}
            </Button>
          </div>
          <p className="text-xs text-text-muted">{t("form.buttonsHint")}</p>
          {formMessage ? (
            <p role="alert" className="text-sm text-negative" data-testid="form-blocker">
              {t(formMessage.key, formMessage.values)}
            </p>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
