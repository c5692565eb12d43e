import { Calculator, Printer, TriangleExclamationPoint } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toStrings } from "./catalogue-strings.ts";
import { InfoCard, Paragraphs } from "./info-card.tsx";

/** ROI / printer tokens: how they work, a worked example and the risks. */
export function PrinterSection() {
  const { t } = useTranslation("pulsechain-info");
  const steps = toStrings(t("printer.example.steps", { returnObjects: true }));
  const risks = toStrings(t("printer.risks.items", { returnObjects: true }));
  return (
    <InfoCard id="printer" icon={Printer} title={t("printer.title")}>
      <Paragraphs texts={toStrings(t("printer.paragraphs", { returnObjects: true }))} />
      <div className="grid gap-4 pt-2 lg:grid-cols-2">
        <div className="rounded-lg bg-surface-sunken p-4">
          <h3 className="flex items-center gap-2 font-semibold text-text">
            <Calculator className="size-4 text-accent" aria-hidden="true" />
            {t("printer.example.title")}
          </h3>
          <ol className="tabular mt-3 list-decimal space-y-2 pl-5 text-sm leading-6">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <div className="rounded-lg border border-warning/40 p-4">
          <h3 className="flex items-center gap-2 font-semibold text-text">
            <TriangleExclamationPoint className="size-4 text-warning" aria-hidden="true" />
            {t("printer.risks.title")}
          </h3>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm leading-6 marker:text-text-muted">
            {risks.map((risk) => (
              <li key={risk}>{risk}</li>
            ))}
          </ul>
        </div>
      </div>
    </InfoCard>
  );
}
