import { Layers, Megaphone, Telescope, TriangleExclamationPoint, User, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { toStrings } from "./catalogue-strings.ts";
import { EcosystemGrid } from "./ecosystem-grid.tsx";
import { FactsGrid } from "./facts-grid.tsx";
import { InfoCard, Paragraphs } from "./info-card.tsx";
import { PrinterSection } from "./printer-section.tsx";

type ListKey =
  | "about.paragraphs"
  | "about.claims.items"
  | "founder.paragraphs"
  | "vision.paragraphs"
  | "risk.paragraphs";

/** /pulsechain-info: static information about PulseChain (docs/product/shell-and-pages.md). */
export default function PulseChainInfoPage() {
  const { t } = useTranslation("pulsechain-info");
  usePageTitle(t("title"));
  const list = (key: ListKey) => toStrings(t(key, { returnObjects: true }));
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <header className="flex items-start gap-4">
        <span className="bg-gradient-pulse flex size-11 shrink-0 items-center justify-center rounded-lg text-white">
          <Zap className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words hyphens-auto text-text sm:text-3xl">
            {t("title")}
          </h1>
          <p className="mt-1 max-w-prose text-text-muted">{t("intro")}</p>
        </div>
      </header>

      <FactsGrid />

      <InfoCard id="about" icon={Layers} title={t("about.title")}>
        <Paragraphs texts={list("about.paragraphs")} />
        <aside
          aria-labelledby="claims-heading"
          className="mt-2 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm leading-6"
        >
          <h3 id="claims-heading" className="flex items-center gap-2 font-semibold text-text">
            <Megaphone className="size-4 text-warning" aria-hidden="true" />
            {t("about.claims.title")}
          </h3>
          <p className="mt-1 text-text-muted">{t("about.claims.note")}</p>
          <ul className="mt-3 list-disc space-y-2 pl-5 marker:text-text-muted">
            {list("about.claims.items").map((claim) => (
              <li key={claim}>{claim}</li>
            ))}
          </ul>
        </aside>
      </InfoCard>

      <InfoCard id="founder" icon={User} title={t("founder.title")}>
        <Paragraphs texts={list("founder.paragraphs")} />
      </InfoCard>

      <EcosystemGrid />

      <PrinterSection />

      <InfoCard id="vision" icon={Telescope} title={t("vision.title")}>
        <Paragraphs texts={list("vision.paragraphs")} />
      </InfoCard>

      <InfoCard id="risk" icon={TriangleExclamationPoint} title={t("risk.title")} tone="warning">
        <Paragraphs texts={list("risk.paragraphs")} />
      </InfoCard>
    </div>
  );
}
