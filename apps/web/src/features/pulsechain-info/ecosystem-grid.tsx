import type { LucideIcon } from "lucide-react";
import { ArrowLeftRight, Bridge, Coins, Flame, Sprout, Timer } from "lucide-react";
import { useTranslation } from "react-i18next";

const ITEMS: ReadonlyArray<{ id: "pls" | "plsx" | "hex" | "inc" | "pulsex" | "bridge"; icon: LucideIcon }> = [
  { id: "pls", icon: Coins },
  { id: "plsx", icon: Flame },
  { id: "hex", icon: Timer },
  { id: "inc", icon: Sprout },
  { id: "pulsex", icon: ArrowLeftRight },
  { id: "bridge", icon: Bridge },
];

/** Tokens and services of the ecosystem as small cards. */
export function EcosystemGrid() {
  const { t } = useTranslation("pulsechain-info");
  return (
    <section aria-labelledby="ecosystem-heading">
      <h2 id="ecosystem-heading" className="text-lg font-semibold text-text">
        {t("ecosystem.title")}
      </h2>
      <p className="mt-1 text-text-muted">{t("ecosystem.intro")}</p>
      <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {ITEMS.map(({ id, icon: Icon }) => (
          <li key={id} className="rounded-lg border border-border bg-surface-raised p-5">
            <h3 className="flex items-center gap-3 font-semibold text-text">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-sunken text-accent">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              {t(`ecosystem.${id}.name`)}
            </h3>
            <p className="mt-3 text-sm leading-6 text-text-muted">{t(`ecosystem.${id}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
