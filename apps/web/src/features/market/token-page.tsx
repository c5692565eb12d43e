import { CHART_RANGES, type ChartRange, type TokenDetailResponse } from "@pulsemanager/core";
import { ArrowLeft, ExternalLink, SearchX } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { buttonClassName } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { Link } from "../../components/link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { TokenIcon } from "../../components/token-icon.tsx";
import { shortChainName } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { PATHS } from "../../lib/paths.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { ChangeText } from "./change-text.tsx";
import { FreshnessNote } from "./freshness-note.tsx";
import { useTokenDetail } from "./market-api.ts";
import { priceOrDash, usdOrDash } from "./market-figures.ts";
import { SupplyFigures } from "./supply-figures.tsx";
import { parseTokenParams } from "./token-address.ts";
import { tokenLoadProblem } from "./token-load-problem.ts";
import { TokenPools } from "./token-pools.tsx";
import { WatchStar } from "./watch-star.tsx";

const PriceChart = lazy(() => import("./price-chart.tsx"));

/** /market/:chainId/:address: the token's chart, pools, supply and links. */
export default function TokenPage() {
  const params = useParams();
  const token = parseTokenParams(params.chainId, params.address);
  if (!token) return <TokenNotFound />;
  return <TokenDetail chainId={token.chainId} address={token.address} />;
}

function TokenDetail({ chainId, address }: { chainId: number; address: string }) {
  const { t } = useTranslation("market");
  const errorText = useErrorText();
  const [range, setRange] = useState<ChartRange>("7d");
  const detail = useTokenDetail(chainId, address, range);
  if (detail.isPending) return <Spinner label={t("token.loading")} className="py-12" />;
  if (detail.isError) {
    const problem = tokenLoadProblem(detail.error);
    if ("notFound" in problem) return <TokenNotFound />;
    return (
      <Card>
        <p className="text-sm text-negative" role="alert" data-testid="token-error">
          {errorText(problem.message)}
        </p>
      </Card>
    );
  }
  return <TokenView data={detail.data} range={range} onRange={setRange} loading={detail.isPlaceholderData} />;
}

interface TokenViewProps {
  data: TokenDetailResponse;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
  loading: boolean;
}

function TokenView({ data, range, onRange, loading }: TokenViewProps) {
  const { t, i18n } = useTranslation("market");
  const lang = i18n.language;
  const { token } = data;
  return (
    <div data-testid="token-page">
      <BackLink />
      <PageHeader
        title={`${token.name} (${token.symbol})`}
        subtitle={shortChainName(token.chainId)}
        actions={<WatchStar token={token} className="border border-border" />}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <TokenIcon symbol={token.symbol} address={token.address} />
              <div>
                <p className="tabular text-xl font-semibold" data-testid="token-price">
                  {priceOrDash(token.priceUsd, lang)}
                </p>
                <p className="text-xs text-text-muted">
                  {t("columns.change24h")}: <ChangeText value={token.change24h} />
                </p>
              </div>
            </div>
            <RangeButtons range={range} onRange={onRange} />
          </div>
          <div className={cn("mt-4", loading && "opacity-60")}>
            {data.history.length === 0 ? (
              <p className="py-8 text-center text-sm text-text-muted">{t("noData")}</p>
            ) : (
              <Suspense fallback={<Spinner label={t("token.loading")} className="h-64" />}>
                <PriceChart points={data.history} range={data.range} />
              </Suspense>
            )}
          </div>
          <FreshnessNote freshness={data} />
        </Card>
        <Card>
          <h2 className="mb-3 font-semibold">{t("token.figures")}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-text-muted">{t("columns.marketCapShort")}</dt>
            <dd className="tabular text-right" data-testid="token-market-cap">
              {usdOrDash(token.marketCapUsd, lang)}
            </dd>
            <dt className="text-text-muted">{t("columns.volume24h")}</dt>
            <dd className="tabular text-right">{usdOrDash(token.volume24hUsd, lang)}</dd>
            <dt className="text-text-muted">{t("columns.liquidity")}</dt>
            <dd className="tabular text-right">{usdOrDash(token.liquidityUsd, lang)}</dd>
          </dl>
          <p className="mt-1 text-xs text-text-muted">{t("marketCapLegend")}</p>
          <h3 className="mt-4 mb-2 text-sm font-semibold">{t("supply.title")}</h3>
          {data.supply ? (
            <SupplyFigures supply={data.supply} symbol={token.symbol} />
          ) : (
            <p className="text-sm text-text-muted">{t("noData")}</p>
          )}
          <TokenLinks explorerUrl={data.explorerUrl} swapUrl={data.swapUrl} />
        </Card>
        <Card className="lg:col-span-3">
          <h2 className="mb-2 font-semibold">{t("token.pools")}</h2>
          <TokenPools pools={data.pools} />
        </Card>
      </div>
    </div>
  );
}

function RangeButtons({ range, onRange }: { range: ChartRange; onRange: (range: ChartRange) => void }) {
  const { t } = useTranslation("market");
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">{t("token.range")}</legend>
      {CHART_RANGES.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={range === r}
          onClick={() => onRange(r)}
          className={cn(
            "rounded-md px-2.5 py-1 text-xs font-semibold",
            range === r ? "bg-accent text-accent-contrast" : "text-text-muted hover:bg-surface-sunken",
          )}
          data-testid={`range-${r}`}
        >
          {r.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}

/** Only http(s) links from the answer are opened, in a new tab without a referrer. */
function TokenLinks({ explorerUrl, swapUrl }: { explorerUrl: string; swapUrl: string }) {
  const { t } = useTranslation("market");
  const links = [
    { href: explorerUrl, label: t("token.explorer") },
    { href: swapUrl, label: t("token.swap") },
  ].filter((l) => /^https?:\/\//.test(l.href));
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {links.map((l) => (
        <a
          key={l.href}
          href={l.href}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName("secondary", "text-xs")}
        >
          {l.label}
          <ExternalLink className="size-3.5" aria-hidden="true" />
          <span className="sr-only">{t("opensInNewTab")}</span>
        </a>
      ))}
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation("market");
  return (
    <Link to={PATHS.market} className="mb-3 inline-flex items-center gap-1 text-sm text-text-muted hover:text-text">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t("token.back")}
    </Link>
  );
}

function TokenNotFound() {
  const { t } = useTranslation("market");
  usePageTitle(t("token.notFoundTitle"));
  return (
    <div className="mx-auto max-w-md py-8 text-center" data-testid="token-not-found">
      <SearchX className="mx-auto size-12 text-text-muted" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{t("token.notFoundTitle")}</h1>
      <p className="mt-2 text-text-muted">{t("token.notFoundText")}</p>
      <Link to={PATHS.market} className={cn(buttonClassName("primary"), "mt-6")}>
        {t("token.back")}
      </Link>
    </div>
  );
}
