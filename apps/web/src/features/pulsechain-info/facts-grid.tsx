import { useTranslation } from "react-i18next";

const FACTS = ["chainId", "launch", "consensus", "blockTime", "nativeCoin", "explorer"] as const;

/** Key figures of PulseChain as a definition list. */
export function FactsGrid() {
  const { t } = useTranslation("pulsechain-info");
  return (
    <section aria-labelledby="facts-heading">
      <h2 id="facts-heading" className="mb-3 text-sm font-medium uppercase tracking-wide text-text-muted">
        {t("facts.title")}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {FACTS.map((fact) => (
          <div key={fact} className="rounded-lg border border-border bg-surface-raised px-4 py-3">
            <dt className="text-sm text-text-muted">{t(`facts.${fact}.label`)}</dt>
            <dd className="tabular mt-1 font-semibold text-text">{t(`facts.${fact}.value`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
