import type { MarketPair } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { Link } from "../../components/link.tsx";
import { Spinner } from "../../components/spinner.tsx";
import {
  ChangeText,
  dexName,
  FreshnessNote,
  priceOrDash,
  usdOrDash,
  useMarketPairs,
} from "../../features/market/index.ts";
import { marketTokenPath, PATHS } from "../../lib/paths.ts";
import { useErrorText } from "../../lib/use-error-text.ts";

/** "Top 20 PulseChain-Paare": a table from tablet width, stacked cards on a phone (nothing scrolls sideways). */
export function TopPairsCard() {
  const { t } = useTranslation("market");
  const errorText = useErrorText();
  const pairs = useMarketPairs(369, 20);
  const rows = pairs.data?.pairs ?? [];
  return (
    <Card data-testid="dashboard-pairs">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{t("dashboard.pairsTitle")}</h2>
        <Link to={PATHS.market} className="text-sm text-accent hover:underline">
          {t("dashboard.toMarket")}
        </Link>
      </div>
      {pairs.isPending ? (
        <Spinner label={t("loading")} className="py-6" />
      ) : pairs.isError ? (
        <p className="text-sm text-text-muted">{errorText(pairs.error)}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-text-muted">{t("noData")}</p>
      ) : (
        <>
          <PairsTable rows={rows} />
          <PairCards rows={rows} />
        </>
      )}
      <FreshnessNote freshness={pairs.data} />
    </Card>
  );
}

function PairName({ pair }: { pair: MarketPair }) {
  return (
    <span className="min-w-0">
      <Link to={marketTokenPath(pair.chainId, pair.base.address)} className="font-medium hover:text-accent">
        {pair.base.symbol}/{pair.quote.symbol}
      </Link>
      <span className="ml-2 text-xs text-text-muted">{dexName(pair.dex)}</span>
    </span>
  );
}

function PairsTable({ rows }: { rows: readonly MarketPair[] }) {
  const { t, i18n } = useTranslation("market");
  const lang = i18n.language;
  return (
    <DataTable
      variant="wide"
      className="hidden md:table"
      testId="pairs-table"
      head={
        <>
          <Th edge="first">{t("columns.pair")}</Th>
          <Th right>{t("columns.price")}</Th>
          <Th right>{t("columns.change24h")}</Th>
          <Th right>{t("columns.volume24h")}</Th>
          <Th right edge="last">
            {t("columns.liquidity")}
          </Th>
        </>
      }
    >
      {rows.map((pair) => (
        <tr key={pair.pairAddress}>
          <Td edge="first">
            <PairName pair={pair} />
          </Td>
          <Td right className="tabular">
            {priceOrDash(pair.priceUsd, lang)}
          </Td>
          <Td right>
            <ChangeText value={pair.change24h} />
          </Td>
          <Td right className="tabular">
            {usdOrDash(pair.volume24hUsd, lang)}
          </Td>
          <Td right edge="last" className="tabular">
            {usdOrDash(pair.liquidityUsd, lang)}
          </Td>
        </tr>
      ))}
    </DataTable>
  );
}

function PairCards({ rows }: { rows: readonly MarketPair[] }) {
  const { t, i18n } = useTranslation("market");
  const lang = i18n.language;
  return (
    <ul className="divide-y divide-border md:hidden" data-testid="pairs-cards">
      {rows.map((pair) => (
        <li key={pair.pairAddress} className="py-2 text-sm">
          <div className="flex items-baseline justify-between gap-2">
            <PairName pair={pair} />
            <ChangeText value={pair.change24h} />
          </div>
          <dl className="mt-1 grid grid-cols-2 gap-x-3 text-xs">
            <dt className="text-text-muted">{t("columns.price")}</dt>
            <dd className="tabular text-right">{priceOrDash(pair.priceUsd, lang)}</dd>
            <dt className="text-text-muted">{t("columns.volume24h")}</dt>
            <dd className="tabular text-right">{usdOrDash(pair.volume24hUsd, lang)}</dd>
            <dt className="text-text-muted">{t("columns.liquidity")}</dt>
            <dd className="tabular text-right">{usdOrDash(pair.liquidityUsd, lang)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
