import { FileText, LineChart, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { Link } from "../../components/link.tsx";
import { PATHS } from "../../lib/paths.ts";

const STEPS = [
  { key: "addWallet", to: PATHS.portfolio, icon: Wallet },
  { key: "portfolio", to: PATHS.portfolio, icon: LineChart },
  { key: "report", to: PATHS.walletReport, icon: FileText },
] as const;

/** A new user's way forward: add a wallet, see the portfolio, run the tax report. */
export function FirstStepsCard() {
  const { t } = useTranslation("dashboard");
  return (
    <Card className="md:col-span-2 xl:col-span-3" data-testid="first-steps">
      <h2 className="text-base font-semibold">{t("steps.title")}</h2>
      <p className="mt-1 text-sm text-text-muted">{t("steps.text")}</p>
      <ol className="mt-4 grid gap-3 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.key}>
            <Link
              to={step.to}
              className="flex h-full items-start gap-3 rounded-lg border border-border p-3 transition hover:border-accent"
            >
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent/15 text-sm font-semibold text-accent">
                {i + 1}
              </span>
              <span className="min-w-0">
                <span className="flex items-center gap-1.5 font-medium">
                  <step.icon className="size-4 text-accent" aria-hidden="true" />
                  {t(`steps.${step.key}.title`)}
                </span>
                <span className="mt-0.5 block text-sm text-text-muted">{t(`steps.${step.key}.text`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}
