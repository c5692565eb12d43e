import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { formatDateTime } from "../../lib/format-number.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { yieldExamplesQueryOptions } from "./yield-api.ts";
import { YieldCard } from "./yield-card.tsx";

/** /yield-optimizer: examples only - PulseX pools with the fee APR of their last day, computed on chain. */
export default function YieldPage() {
  const { t, i18n } = useTranslation("yield");
  const errorText = useErrorText();
  const examples = useQuery(yieldExamplesQueryOptions);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader title={t("title")} subtitle={t("intro")} />
      <div className="space-y-6">
        <Alert variant="warning" title={t("examplesOnly.title")}>
          {t("examplesOnly.text")}
        </Alert>
        {examples.isPending ? (
          <Spinner label={t("loading")} />
        ) : examples.isError ? (
          <Alert variant="error">{errorText(examples.error)}</Alert>
        ) : (
          <>
            <p className="text-sm text-text-muted" data-testid="yield-window">
              {t("window", {
                hours: examples.data.windowHours,
                from: examples.data.fromBlock,
                to: examples.data.toBlock,
                asOf: formatDateTime(examples.data.asOf, i18n.language),
              })}
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              {examples.data.examples.map((example) => (
                <YieldCard key={example.pair} example={example} windowHours={examples.data.windowHours} />
              ))}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
