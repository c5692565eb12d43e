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

/** The dashboard's pair of cards: the 24 h gainers and losers, among the user's tokens and on the market. */
export function MarketMoversCards({ hasWallets }: { hasWallets: boolean }) {
  const movers = useMarketMovers(369, "24h");
  // A user without wallets is not asked for his holdings' movers.
  const heldAnswer = useHeldMovers("24h", hasWallets).data;
  const held = heldAnswer ? (heldAnswer.unavailable ? "unavailable" : heldAnswer) : null;
  return (
    <>
      {(["gainers", "losers"] as const).map((kind) => (
        <MoversCard
          key={kind}
          kind={kind}
          market={movers.data?.[kind]}
          held={held === "unavailable" || held === null ? held : held[kind]}
          pending={movers.isPending}
          error={movers.isError ? movers.error : null}
          freshness={movers.data}
        />
      ))}
    </>
  );
}

interface MoversCardProps {
  kind: "gainers" | "losers";
  market: Mover[] | undefined;
  /**
   * Null when the user has no wallets (only the market is shown); "unavailable" while his holdings or
   * their prices could not be read yet (asked again within seconds).
   */
  held: Mover[] | "unavailable" | null;
  pending: boolean;
  error: unknown;
  freshness: { stale: boolean; asOf: string } | undefined;
}

function MoversCard({ kind, market, held, pending, error, freshness }: MoversCardProps) {
  const { t } = useTranslation("market");
  const errorText = useErrorText();
  const Icon = kind === "gainers" ? TrendingUp : TrendingDown;
  return (
    <Card data-testid={`dashboard-${kind}`}>
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon className={cn("size-5", kind === "gainers" ? "text-positive" : "text-negative")} aria-hidden="true" />
        {t(kind === "gainers" ? "dashboard.gainers" : "dashboard.losers")}
      </h2>
      {pending ? (
        <Spinner label={t("loading")} className="py-6" />
      ) : error ? (
        <p className="mt-3 text-sm text-text-muted">{errorText(error)}</p>
      ) : (
        <>
          {held ? (
            <>
              <h3 className="mt-3 text-xs font-semibold text-text-muted uppercase">{t("dashboard.yours")}</h3>
              {held === "unavailable" ? (
                <p className="mt-1 text-sm text-text-muted" data-testid="held-movers-pending">
                  {t("dashboard.heldNotYet")}
                </p>
              ) : (
                <MoverList movers={held} empty={t("dashboard.noneHeld")} />
              )}
            </>
          ) : null}
          <h3 className="mt-3 text-xs font-semibold text-text-muted uppercase">{t("dashboard.market")}</h3>
          <MoverList movers={market ?? []} empty={t("noData")} />
          <FreshnessNote freshness={freshness} />
        </>
      )}
    </Card>
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
