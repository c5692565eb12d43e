import { FileText, Sparkles, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AfterFirstPaint } from "../../components/after-first-paint.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { NewsFeed } from "../../features/news/index.ts";
import { useWallets } from "../../features/wallets/index.ts";
import { PATHS } from "../../lib/paths.ts";
import { usePublicConfig } from "../../state/config/index.ts";
import { useMe } from "../../state/session/index.ts";
import { FirstStepsCard } from "./first-steps-card.tsx";
import { useFirstVisit } from "./first-visit.ts";
import { greetingName } from "./greeting-name.ts";
import { LastReportCard } from "./last-report-card.tsx";
import { LegalCards } from "./legal-cards.tsx";
import { MarketMoversCards } from "./market-movers-cards.tsx";
import { PlanStatusCard } from "./plan-status-card.tsx";
import { PortfolioValueCard } from "./portfolio-value-card.tsx";
import { QuickLinkCard } from "./quick-link-card.tsx";
import { RoiIncomeCard } from "./roi-income-card.tsx";
import { TopPairsCard } from "./top-pairs-card.tsx";

/** / and /dashboard */
export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const me = useMe();
  const config = usePublicConfig();
  const community = config.data?.edition === "community";
  const name = greetingName(me.data?.user.email);
  const firstVisit = useFirstVisit(me.data?.user.id);
  const wallets = useWallets();
  // A new user sees the way forward instead of empty figures; Premium figures only with full access.
  const noWallets = wallets.isSuccess && wallets.data.length === 0;
  const full = me.data?.access === "full";

  return (
    <div>
      <PageHeader
        title={t(firstVisit ? "greetingFirst" : "greeting", { name })}
        documentTitle={t("layout:nav.dashboard")}
        subtitle={t("intro")}
        actions={
          <span
            className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface-raised px-3 py-1 text-xs font-medium text-text-muted"
            data-testid="community-badge"
          >
            {community ? (
              <Sparkles className="size-3.5 text-accent" aria-hidden="true" />
            ) : (
              <Users className="size-3.5 text-accent" aria-hidden="true" />
            )}
            {community ? t("badge.communityEdition") : t("badge.community")}
          </span>
        }
      />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {noWallets ? <FirstStepsCard /> : null}
        {me.data ? <PlanStatusCard me={me.data} community={community} /> : null}
        {noWallets ? null : <PortfolioValueCard />}
        {full && !noWallets ? <RoiIncomeCard /> : null}
        {full ? (
          <LastReportCard />
        ) : (
          <QuickLinkCard
            to={PATHS.walletReport}
            icon={FileText}
            title={t("cards.walletReportTitle")}
            text={t("cards.walletReportText")}
          />
        )}
      </div>
      {/* Below the cards: mounted a frame later, so the cards are painted before the lists are built. */}
      <AfterFirstPaint>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <MarketMoversCards hasWallets={wallets.isSuccess && wallets.data.length > 0} />
        </div>
        <div className="mt-4">
          <TopPairsCard />
        </div>
        <div className="mt-4">
          <NewsFeed />
        </div>
        <h2 className="mt-8 mb-3 text-sm font-semibold tracking-wide text-text-muted uppercase">
          {t("legal.heading")}
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <LegalCards />
        </div>
      </AfterFirstPaint>
    </div>
  );
}
