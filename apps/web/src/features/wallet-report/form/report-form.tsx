import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/card.tsx";
import type { AnalysisMode } from "../job/report-answers.ts";
import { type ManualEntriesState, ManualEntriesUpload } from "../manual-entries/manual-entries-upload.tsx";
import {
  AddressField,
  AllWalletsNote,
  AnalyseButtons,
  REPORT_ADDRESS_ID,
  ScopeFieldset,
  YearField,
} from "./report-form-fields.tsx";
import { addressError, analysisBlocker, type ReportMessage, type ReportScope, taxYearError } from "./report-inputs.ts";

export { REPORT_ADDRESS_ID } from "./report-form-fields.tsx";

interface ReportFormProps {
  address: string;
  onAddressChange: (value: string) => void;
  scope: ReportScope;
  onScopeChange: (value: ReportScope) => void;
  year: string;
  onYearChange: (value: string) => void;
  savedWallets: number;
  savedWalletsLoading: boolean;
  /** Imported exchange accounts: the report over all wallets includes them (and needs no wallet then). */
  importedAccounts: number;
  manual: ManualEntriesState | null;
  onManualChange: (value: ManualEntriesState | null) => void;
  signedIn: boolean;
  busy: boolean;
  onAnalyse: (mode: AnalysisMode) => void;
}

/** The form's messages (at the address, the year, beside the buttons) and the checked analyse. */
function useReportFormChecks(props: ReportFormProps) {
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
      savedWallets: props.savedWallets + props.importedAccounts,
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

  // A blocker shown beside the buttons when it is not already shown at a field.
  const formMessage =
    blocker &&
    !blocker.key.startsWith("form.address") &&
    blocker.key !== "form.noWallet" &&
    !blocker.key.startsWith("form.year")
      ? blocker
      : null;

  // Every change clears the blocker shown.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setBlocker(null);
    };

  return { addressMessage, yearMessage, formMessage, analyse, edit, setTouched };
}

/** Address (or all saved wallets), tax year, manual entries and the two analyse buttons. */
export function ReportForm(props: ReportFormProps) {
  const { t } = useTranslation("wallet-report");
  const { addressMessage, yearMessage, formMessage, analyse, edit, setTouched } = useReportFormChecks(props);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    analyse("job");
  };

  return (
    <Card aria-labelledby="wallet-report-form-title">
      <form className="space-y-5" onSubmit={onSubmit} noValidate>
        <h2 id="wallet-report-form-title" className="text-base font-semibold">
          {t("form.title")}
        </h2>
        <ScopeFieldset
          scope={props.scope}
          onChange={edit(props.onScopeChange)}
          savedWallets={props.savedWallets}
          savedWalletsLoading={props.savedWalletsLoading}
        />
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_12rem]">
          {props.scope === "address" ? (
            <AddressField
              address={props.address}
              onChange={edit(props.onAddressChange)}
              onNormalise={props.onAddressChange}
              onTouched={() => setTouched(true)}
              message={addressMessage}
            />
          ) : (
            <AllWalletsNote
              savedWallets={props.savedWallets}
              importedAccounts={props.importedAccounts}
              loading={props.savedWalletsLoading}
            />
          )}
          <YearField year={props.year} onChange={edit(props.onYearChange)} message={yearMessage} />
        </div>
        <ManualEntriesUpload value={props.manual} onChange={props.onManualChange} disabled={props.busy} />
        <AnalyseButtons busy={props.busy} onAnalyse={analyse} message={formMessage} />
      </form>
    </Card>
  );
}
