import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header.tsx";
import { useAccess, useMe } from "../../state/session/index.ts";
import { ExchangeImportsCard, useImportAccounts } from "../imports/index.ts";
import { useWallets } from "../wallets/index.ts";
import { ConnectedWalletBanner } from "./form/connected-wallet-banner.tsx";
import { ReportForm } from "./form/report-form.tsx";
import { normalizeAddress } from "./form/report-inputs.ts";
import { useWalletReport } from "./job/use-wallet-report.ts";
import { useReportActions, useReportInputs, useReportPageEffects } from "./report-page-state.ts";
import { LatestReportCard, ReportPhaseView } from "./report-phase-view.tsx";

/** /wallet-report: the tax analysis of a wallet or of all saved wallets (docs/product/tax-report.md). */
export default function WalletReportPage() {
  const { t } = useTranslation("wallet-report");
  const me = useMe();
  const wallets = useWallets();
  const inputs = useReportInputs(me.data?.user.id ?? null, wallets.data?.length);
  const { connection, address, setAddress, scope, setScope } = inputs;
  const { limited } = useAccess();
  const accounts = useImportAccounts(Boolean(me.data) && !limited).data?.length ?? 0;
  const report = useWalletReport({ listJobs: !limited });
  const { state, inputsChanged } = report;
  const actions = useReportActions(report, inputs);
  useReportPageEffects(report, actions.fillFromJob);

  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      inputsChanged();
    };
  const latest = report.jobs[0];
  const showLatest =
    state.phase === "idle" && latest?.status === "completed" && (latest.scope === "all" || latest.address !== null);

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />

      <ConnectedWalletBanner
        connection={connection}
        inUse={scope === "address" && connection !== null && normalizeAddress(address) === connection.address}
        onUse={(value) => {
          setScope("address");
          setAddress(value);
          inputsChanged();
        }}
      />

      <ReportForm
        address={address}
        onAddressChange={changed((value: string) => {
          setAddress(value);
          setScope("address");
        })}
        scope={scope}
        onScopeChange={changed(setScope)}
        year={inputs.year}
        onYearChange={changed(inputs.setYear)}
        savedWallets={wallets.data?.length ?? 0}
        savedWalletsLoading={wallets.isPending}
        importedAccounts={accounts}
        manual={inputs.manual}
        onManualChange={changed(inputs.setManual)}
        signedIn={Boolean(me.data)}
        busy={actions.busy}
        onAnalyse={actions.analyse}
      />

      {showLatest && latest ? <LatestReportCard latest={latest} onShow={() => actions.fillFromJob(latest)} /> : null}

      <ReportPhaseView report={report} actions={actions} openPoints={Boolean(me.data) && !limited} />

      {me.data && !limited ? <ExchangeImportsCard /> : null}
    </div>
  );
}
