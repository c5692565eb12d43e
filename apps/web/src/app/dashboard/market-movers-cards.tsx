import type { Mover } from "@pulsemanager/core";
import { TrendingDown, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { Link } from "../../components/link.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { ChangeText, FreshnessNote, useHeldMovers, useMarketMovers } from "../../features/market/index.ts";
import { cn } from "../../lib/cn.ts";
import { marketTokenPath } from "../../lib/paths.ts";
import { useErrorText } from "../../lib/use-error-text.ts";

/** One list of the card: its movers, "unavailable" while they could not be read yet (asked again within seconds). */
type MoversState = Mover[] | "unavailable";

/** The dashboard's pair of cards: the 24 h gainers and losers, among the user's tokens and on the market. */
export function MarketMoversCards({ hasWallets }: { hasWallets: boolean }) {
  const movers = useMarketMovers(369, "24h");
  // A user without wallets is not asked for his holdings' movers.
  const heldAnswer = useHeldMovers("24h", hasWallets).data;
  const held = heldAnswer ? (heldAnswer.unavailable ? "unavailable" : heldAnswer) : null;
  const market = movers.data ? (movers.data.unavailable ? "unavailable" : movers.data) : undefined;
  return (
    <>
      {(["gainers", "losers"] as const).map((kind) => (
        <MoversCard
          key={kind}
          kind={kind}
          market={market === "unavailable" || market === undefined ? market : market[kind]}
          held={held === "unavailable" || held === null ? held : held[kind]}
          error={movers.isError ? movers.error : null}
          freshness={movers.data}
        />
      ))}
    </>
  );
}

interface MoversCardProps {
  kind: "gainers" | "losers";
  /** Undefined while the first answer loads. */
  market: MoversState | undefined;
  /** Null when the user has no wallets (only the market is shown). */
  held: MoversState | null;
  /** The market's request failed: said in the market's list only, the user's own tokens still show. */
  error: unknown;
  freshness: { stale: boolean; asOf: string } | undefined;
}

function MoversCard({ kind, market, held, error, freshness }: MoversCardProps) {
  const { t } = useTranslation("market");
  const errorText = useErrorText();
  const Icon = kind === "gainers" ? TrendingUp : TrendingDown;
  return (
    <Card data-testid={`dashboard-${kind}`}>
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon className={cn("size-5", kind === "gainers" ? "text-positive" : "text-negative")} aria-hidden="true" />
        {t(kind === "gainers" ? "dashboard.gainers" : "dashboard.losers")}
      </h2>
      {held ? (
        <>
          <h3 className="mt-3 text-xs font-semibold text-text-muted uppercase">{t("dashboard.yours")}</h3>
          <MoverSection movers={held} empty={t("dashboard.noneHeld")} testId="held-movers-pending" />
        </>
      ) : null}
      <h3 className="mt-3 text-xs font-semibold text-text-muted uppercase">{t("dashboard.market")}</h3>
      {error ? (
        <p className="mt-1 text-sm text-text-muted">{errorText(error)}</p>
      ) : market === undefined ? (
        <Spinner label={t("loading")} className="py-6" />
      ) : (
        <>
          <MoverSection movers={market} empty={t("noData")} testId="market-movers-pending" />
          {market === "unavailable" ? null : <FreshnessNote freshness={freshness} />}
        </>
      )}
    </Card>
  );
}

function MoverSection({ movers, empty, testId }: { movers: MoversState; empty: string; testId: string }) {
  const { t } = useTranslation("market");
  if (movers !== "unavailable") return <MoverList movers={movers} empty={empty} />;
  return (
    <p className="mt-1 text-sm text-text-muted" data-testid={testId}>
      {t("dashboard.notYet")}
    </p>
  );
}

function MoverList({ movers, empty }: { movers: readonly Mover[]; empty: string }) {
  if (movers.length === 0) return <p className="mt-1 text-sm text-text-muted">{empty}</p>;
  return (
    <ul className="mt-1 space-y-1 text-sm">
      {movers.map((m) => (
        <li key={`${m.chainId}:${m.address}`} className="flex items-center justify-between gap-3">
          <Link
            to={marketTokenPath(m.chainId, m.address)}
            className="min-w-0 truncate hover:text-accent"
            title={m.name}
          >
            {m.symbol}
          </Link>
          <ChangeText value={m.change} />
        </li>
      ))}
    </ul>
  );
}
