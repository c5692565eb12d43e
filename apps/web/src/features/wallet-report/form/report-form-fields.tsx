import { Play, Zap } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Link } from "../../../components/link.tsx";
import { SecretGuardInput } from "../../../components/secret-guard-input.tsx";
import { inputClassName } from "../../../components/text-field.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import { PATHS } from "../../../lib/paths.ts";
import { WALLETS_ANCHOR } from "../../wallets/index.ts";
import type { AnalysisMode } from "../job/report-answers.ts";
import { normalizeAddress, type ReportMessage, type ReportScope, yearOptions } from "./report-inputs.ts";

export const REPORT_ADDRESS_ID = "wallet-report-address";

/** One wallet by address, or all saved wallets. */
export function ScopeFieldset({
  scope,
  onChange,
  savedWallets,
  savedWalletsLoading,
}: {
  scope: ReportScope;
  onChange: (value: ReportScope) => void;
  savedWallets: number;
  savedWalletsLoading: boolean;
}) {
  const { t, i18n } = useTranslation("wallet-report");
  const scopeName = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t("form.scope")}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name={scopeName}
            value="address"
            checked={scope === "address"}
            onChange={() => onChange("address")}
            className="size-4 accent-[var(--accent)]"
          />
          {t("form.scopeAddress")}
        </label>
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name={scopeName}
            value="all"
            checked={scope === "all"}
            onChange={() => onChange("all")}
            className="size-4 accent-[var(--accent)]"
          />
          {savedWalletsLoading
            ? t("form.scopeAllLoading")
            : t("form.scopeAll", { count: savedWallets, formatted: formatInteger(savedWallets, i18n.language) })}
        </label>
      </div>
      <p className="text-xs text-text-muted">{t("form.scopeHint")}</p>
    </fieldset>
  );
}

/** The address to analyse; normalised when the field is left. */
export function AddressField({
  address,
  onChange,
  onNormalise,
  onTouched,
  message,
}: {
  address: string;
  onChange: (value: string) => void;
  /** The address written the one way (on leaving the field); clears no message. */
  onNormalise: (value: string) => void;
  onTouched: () => void;
  message: ReportMessage | null;
}) {
  const { t } = useTranslation("wallet-report");
  return (
    <SecretGuardInput
      id={REPORT_ADDRESS_ID}
      label={t("form.address")}
      placeholder="0x..."
      value={address}
      onValueChange={onChange}
      onBlur={() => {
        onTouched();
        if (address !== normalizeAddress(address)) onNormalise(normalizeAddress(address));
      }}
      error={message ? t(message.key, message.values) : null}
      hint={t("form.addressHint")}
    />
  );
}

/** In place of the address when all saved wallets (and the imported exchange accounts) are analysed. */
export function AllWalletsNote(props: { savedWallets: number; importedAccounts: number; loading: boolean }) {
  const { t } = useTranslation("wallet-report");
  const { savedWallets, importedAccounts, loading } = props;
  const accounts = importedAccounts > 0 ? ` ${t("form.withAccounts", { count: importedAccounts })}` : "";
  return (
    <div className="space-y-1 text-sm" data-testid="scope-all-note">
      <p className="font-medium">{t("form.address")}</p>
      {savedWallets === 0 && importedAccounts === 0 && !loading ? (
        <p className="text-negative">
          {t("form.noSavedWallets")}{" "}
          <Link to={`${PATHS.portfolio}#${WALLETS_ANCHOR}`} className="font-medium text-accent hover:underline">
            {t("form.addWallet")}
          </Link>
        </p>
      ) : (
        <p className="text-text-muted">
          {savedWallets === 0
            ? t("form.accountsOnly", { count: importedAccounts })
            : `${t("form.allWalletsNote")}${accounts}`}
        </p>
      )}
    </div>
  );
}

export function YearField({
  year,
  onChange,
  message,
}: {
  year: string;
  onChange: (value: string) => void;
  message: ReportMessage | null;
}) {
  const { t } = useTranslation("wallet-report");
  const yearId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={yearId} className="block text-sm font-medium">
        {t("form.year")}
      </label>
      <select
        id={yearId}
        value={year}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClassName, "tabular")}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${yearId}-error` : undefined}
      >
        <option value="">{t("form.yearPlaceholder")}</option>
        {yearOptions(new Date(), year).map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </select>
      {message ? (
        <p id={`${yearId}-error`} className="text-xs text-negative">
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}

/** The two analyse buttons and what blocks them. */
export function AnalyseButtons({
  busy,
  onAnalyse,
  message,
}: {
  busy: boolean;
  onAnalyse: (mode: AnalysisMode) => void;
  message: ReportMessage | null;
}) {
  const { t } = useTranslation("wallet-report");
  return (
    <div className="space-y-2 border-t border-border pt-4">
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy} disabled={busy}>
          {busy ? null : <Play className="size-4" aria-hidden="true" />}
          {t("form.analyse")}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => onAnalyse("direct")}>
          <Zap className="size-4" aria-hidden="true" />
          {t("form.analyseDirect")}
        </Button>
      </div>
      <p className="text-xs text-text-muted">{t("form.buttonsHint")}</p>
      {message ? (
        <p role="alert" className="text-sm text-negative" data-testid="form-blocker">
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}
