import { chainName, type OpenLotsResponse } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Card } from "../../components/card.tsx";
import { Link } from "../../components/link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { formatDateTime, formatDay } from "../../lib/format-number.ts";
import { PATHS } from "../../lib/paths.ts";
import { PremiumLoadError, type PremiumLoadErrorTexts } from "../subscription/index.ts";
import { NoWalletsCard, useWallets } from "../wallets/index.ts";
import { OpenLotsTable } from "./open-lots-table.tsx";
import { TaxFreeTimeline } from "./tax-free-timeline.tsx";
import { useOpenLots } from "./tax-planning-api.ts";
import { TokenSummary } from "./token-summary.tsx";
import { WhatIfForm } from "./what-if-form.tsx";
import { YearRoomCards } from "./year-room-cards.tsx";

/**
 * Steuerplanung: before selling, which lots become tax-free when, the open gains, the year's room under
 * the Freigrenzen and what a sale would cost, by the same engine and rules as the wallet report.
 */
export default function TaxPlanningPage() {
  const { t } = useTranslation("tax-planning");
  const wallets = useWallets();
  const plan = useOpenLots();
  const noWallets = wallets.isSuccess && wallets.data.length === 0;
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} subtitle={t("intro")} />
      {noWallets ? (
        <NoWalletsCard
          texts={{ title: t("noWallets.title"), text: t("noWallets.text"), action: t("noWallets.action") }}
          testId="planning-no-wallets"
        />
      ) : plan.isPending ? (
        <Card aria-busy="true">
          <Spinner label={t("loading")} className="py-6" />
        </Card>
      ) : plan.isError ? (
        <PremiumLoadError texts={errorTexts(t)} error={plan.error} onRetry={() => void plan.refetch()} />
      ) : (
        <PlanContent plan={plan.data} />
      )}
    </div>
  );
}

function PlanContent({ plan }: { plan: OpenLotsResponse }) {
  const { t, i18n } = useTranslation("tax-planning");
  const lang = i18n.language;
  return (
    <>
      <p className="text-xs text-text-muted" data-testid="planning-as-of">
        {t("asOf", { day: formatDay(plan.at, lang) })}
        {plan.historyReadAt ? ` ${t("historyReadAt", { time: formatDateTime(plan.historyReadAt, lang) })}` : ""}
      </p>
      {plan.incompleteChains.length > 0 ? (
        <Alert
          variant="warning"
          title={t("incomplete", { chains: plan.incompleteChains.map((id) => chainName(id)).join(", ") })}
        />
      ) : null}
      <YearRoomCards room={plan.room} />
      <UnpricedNote unpriced={plan.unpriced} />
      <TaxFreeTimeline dates={plan.timeline} />
      {plan.lots.length > 0 ? <WhatIfForm lots={plan.lots} /> : null}
      {plan.tokens.length > 0 ? <TokenSummary rows={plan.tokens} /> : null}
      <OpenLotsTable lots={plan.lots} />
      <p className="text-xs text-text-muted">
        {t("method")}{" "}
        <Link to={PATHS.walletReport} className="text-accent hover:underline">
          {t("toReport")}
        </Link>
      </p>
    </>
  );
}

/** How many symbols the note names; the rest are counted. */
const NAMED_UNPRICED = 5;

/** The tokens without a price today: their value and gain stay open. */
function UnpricedNote({ unpriced }: { unpriced: OpenLotsResponse["unpriced"] }) {
  const { t } = useTranslation("tax-planning");
  if (unpriced.length === 0) return null;
  const symbols = [...new Set(unpriced.map((u) => u.symbol))];
  const named = symbols.slice(0, NAMED_UNPRICED).join(", ");
  const rest = symbols.length - NAMED_UNPRICED;
  const list = rest > 0 ? t("unpricedMore", { symbols: named, count: rest }) : named;
  return <Alert variant="info" title={t("unpriced", { symbols: list })} />;
}

/** The page's words for a failed load (PremiumLoadError). */
function errorTexts(t: TFunction): PremiumLoadErrorTexts {
  return { title: t("error.title"), premium: t("error.premium"), upgrade: t("error.upgrade"), retry: t("error.retry") };
}
