import type { PortfolioResult } from "@pulsemanager/core";
import { Coins, Layers, TriangleAlert, Wallet, WalletCards } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AfterFirstPaint } from "../../components/after-first-paint.tsx";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { shortChainName } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { formatDateTime, formatInteger } from "../../lib/format-number.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { CurrencySwitch, RateNote, useMoney } from "../../state/currency/index.ts";
import { useAccess, useMe } from "../../state/session/index.ts";
import { SkipToTarget } from "../shell/index.ts";
import { WALLETS_ANCHOR } from "../wallets/index.ts";
import { CU_MONITOR_SPACE, CuMonitor } from "./cu-monitor.tsx";
import { DebugPanel } from "./debug-panel.tsx";
import { DistributionAndHistory } from "./distribution-history.tsx";
import { useHiddenTokens } from "./hidden-tokens.ts";
import { usePortfolio } from "./portfolio-api.ts";
import { useDebugShortcut, useWalletsAnchor } from "./portfolio-page-effects.ts";
import { PositionsSections } from "./positions-section.tsx";
import { readFailureLines } from "./read-failures.ts";
import { RefreshButton } from "./refresh-button.tsx";
import { refreshAvailability } from "./refresh-state.ts";
import { TokenTable } from "./token-table.tsx";
import { usePortfolioRefresh } from "./use-portfolio-refresh.ts";

// Wallet management (with its form validation and browser wallet reading) loads beside the first render, not before it.
const WalletsSection = lazy(async () => ({ default: (await import("../wallets/wallets-section.tsx")).WalletsSection }));
const ExchangeImportsCard = lazy(async () => ({ default: (await import("../imports/index.ts")).ExchangeImportsCard }));

/** /portfolio (docs/product/wallets-and-portfolio.md), with wallet management under #wallets. */
export default function PortfolioPage() {
  const { t } = useTranslation("portfolio");
  const errorText = useErrorText();
  const me = useMe();
  const userId = me.data?.user.id;
  const isAdmin = me.data?.isAdmin ?? false;
  const portfolio = usePortfolio();
  const result = portfolio.data;
  const refresh = usePortfolioRefresh(portfolio);
  const { hidden, hiddenCount, hide, showAll } = useHiddenTokens(userId);
  const hasWallets = (result?.walletCount ?? 0) > 0;
  const { limited } = useAccess();
  const money = useMoney(result?.fx);

  const [debugOpen, setDebugOpen] = useDebugShortcut();
  const { setWalletsLoaded, goToAddForm } = useWalletsAnchor();

  const availability = refreshAvailability(refresh.state);
  const onRefresh = () => {
    if (availability.enabled) refresh.refresh();
  };
  const walletRefresh = { run: onRefresh, running: refresh.pending, ...availability };

  return (
    <div className="space-y-6">
      <SkipToTarget href={`#${WALLETS_ANCHOR}`} label={t("wallets:skipToAddWallet")} onSkip={goToAddForm} />
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          result ? (
            <HeaderActions
              result={result}
              refresh={hasWallets ? <RefreshButton state={refresh.state} onRefresh={onRefresh} /> : null}
            />
          ) : undefined
        }
      />

      {refresh.rateLimitHit && refresh.state.kind === "rateLimited" ? (
        <div data-testid="rate-limit-alert">
          <Alert variant="warning">{t("refresh.wait", { count: refresh.state.seconds })}</Alert>
        </div>
      ) : null}
      {refresh.error ? (
        <Alert variant="error">{t("refresh.failed", { message: errorText(refresh.error) })}</Alert>
      ) : null}

      {result?.error ? <LoadError result={result} onRetry={onRefresh} availability={availability} /> : null}

      <PortfolioMain
        portfolio={portfolio}
        content={(loaded) => (
          <PortfolioContent result={loaded} hidden={hidden} hiddenCount={hiddenCount} hide={hide} showAll={showAll} />
        )}
        onAddWallet={goToAddForm}
      />

      {debugOpen && result ? <DebugPanel result={result} onClose={() => setDebugOpen(false)} /> : null}

      <Suspense fallback={<div className="h-64 animate-pulse rounded-lg border border-border bg-surface-raised" />}>
        <OnMount run={() => setWalletsLoaded(true)} />
        <WalletsSection
          portfolio={result}
          refresh={walletRefresh}
          refreshNotice={
            refresh.rateLimitHit && refresh.state.kind === "rateLimited"
              ? t("refresh.wait", { count: refresh.state.seconds })
              : null
          }
        />
      </Suspense>

      {limited ? null : (
        <Suspense fallback={null}>
          <ExchangeImportsCard money={money} />
        </Suspense>
      )}

      {isAdmin ? (
        <>
          <div className={CU_MONITOR_SPACE} aria-hidden="true" data-testid="cu-monitor-space" />
          <CuMonitor />
        </>
      ) : null}
    </div>
  );
}

/** When the portfolio was valued (and whether from the cache), and the refresh button. */
function HeaderActions({ result, refresh }: { result: PortfolioResult; refresh: ReactNode }) {
  const { t, i18n } = useTranslation("portfolio");
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-xs text-text-muted" data-testid="portfolio-updated">
        {t("updated", { date: formatDateTime(result.lastUpdated, i18n.language) })}
        {result.fromCache ? ` · ${t("fromCache")}` : ""}
      </span>
      {refresh}
    </div>
  );
}

/** The page's body: loading, the load error, no wallets yet, or the portfolio. */
function PortfolioMain({
  portfolio,
  content,
  onAddWallet,
}: {
  portfolio: ReturnType<typeof usePortfolio>;
  content: (result: PortfolioResult) => ReactNode;
  onAddWallet: () => void;
}) {
  const { t } = useTranslation("portfolio");
  const errorText = useErrorText();
  const result = portfolio.data;
  const hasWallets = (result?.walletCount ?? 0) > 0;
  return portfolio.isPending ? (
    <PortfolioSkeleton />
  ) : portfolio.isError ? (
    <Alert variant="error" title={t("failed")}>
      <p>{errorText(portfolio.error)}</p>
      <Button variant="secondary" className="mt-2" onClick={() => void portfolio.refetch()}>
        {t("common:actions.retry")}
      </Button>
    </Alert>
  ) : result && !hasWallets ? (
    <Card className="flex flex-col items-start gap-3" data-testid="portfolio-empty">
      <WalletCards className="size-8 text-accent" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{t("empty.title")}</h2>
      <p className="text-sm text-text-muted">{t("empty.text")}</p>
      <Button onClick={onAddWallet}>{t("empty.action")}</Button>
    </Card>
  ) : result ? (
    content(result)
  ) : null;
}

function PortfolioContent({
  result,
  hidden,
  hiddenCount,
  hide,
  showAll,
}: {
  result: PortfolioResult;
  hidden: Set<string>;
  hiddenCount: number;
  hide: (id: string) => void;
  showAll: () => void;
}) {
  const { t, i18n } = useTranslation("portfolio");
  const lang = i18n.language;
  const money = useMoney(result.fx);

  return (
    <>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <SummaryCard
          icon={Wallet}
          label={t("summary.total")}
          testId="summary-total"
          className="col-span-2 sm:col-span-1"
          aside={<CurrencySwitch />}
          note={
            <>
              <PositionTotalsNote result={result} money={money} />
              <RateNote money={money} />
            </>
          }
        >
          <span className="tabular text-2xl font-semibold" data-currency={money.currency}>
            {money.format(result.totalValue)}
          </span>
        </SummaryCard>
        <SummaryCard icon={Coins} label={t("summary.tokens")} testId="summary-tokens">
          <span className="tabular text-2xl font-semibold">{formatInteger(result.tokenCount, lang)}</span>
          {hiddenCount > 0 ? (
            <span className="ml-2 text-xs text-text-muted">{t("summary.hidden", { count: hiddenCount })}</span>
          ) : null}
        </SummaryCard>
        <SummaryCard icon={Layers} label={t("summary.wallets")} testId="summary-wallets">
          <span className="tabular text-2xl font-semibold">{formatInteger(result.walletCount, lang)}</span>
          <a href={`#${WALLETS_ANCHOR}`} className="ml-2 text-xs font-medium text-accent hover:underline">
            {t("summary.manage")}
          </a>
        </SummaryCard>
      </div>

      <section className="rounded-lg border border-border bg-surface-raised" aria-labelledby="tokens-title">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3 sm:px-6">
          <h2 id="tokens-title" className="text-base font-semibold">
            {t("table.title")}
          </h2>
          {hiddenCount > 0 ? (
            <div className="flex flex-wrap items-center gap-2 text-xs text-text-muted" data-testid="hidden-note">
              <span>{t("hidden.note", { count: hiddenCount })}</span>
              <Button variant="ghost" className="min-h-8 px-2 py-1 text-xs" onClick={showAll} data-testid="show-all">
                {t("hidden.showAll")}
              </Button>
            </div>
          ) : null}
        </div>
        <TokenTable result={result} hidden={hidden} onHide={hide} />
      </section>

      {/* Below the token table: mounted a frame later, so the first paint of the page is not one long task. */}
      <AfterFirstPaint>
        <PositionsSections result={result} />
        <DistributionAndHistory result={result} hidden={hidden} hiddenCount={hiddenCount} />
      </AfterFirstPaint>
    </>
  );
}

/**
 * What could not be loaded, in the user's words: each chain that could not be read and why, the
 * provider's own text only under 'details'. The retry is enabled unless a refresh is running or
 * the limit holds, and then it says when it works again.
 */
function LoadError({
  result,
  onRetry,
  availability,
}: {
  result: PortfolioResult;
  onRetry: () => void;
  availability: ReturnType<typeof refreshAvailability>;
}) {
  const { t } = useTranslation("portfolio");
  const lines = readFailureLines(result);
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
      data-testid="portfolio-load-error"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      {/* A real basis: on a phone the button moves below instead of squeezing the text word by word. */}
      <div className="min-w-0 flex-[1_1_14rem] space-y-1">
        <p className="font-semibold">{t("loadError.title")}</p>
        {lines.map((line) => (
          <p key={`${line.chainId}:${line.reason}`} className="text-text-muted" data-testid="read-failure">
            {t("loadError.chain", {
              chain: shortChainName(line.chainId),
              count: line.wallets,
              reason: t(`readFailure.${line.reason}`),
            })}
          </p>
        ))}
        {lines.length === 0 ? <p className="text-text-muted">{t("loadError.partial")}</p> : null}
        <details className="text-xs text-text-muted">
          <summary className="cursor-pointer">{t("loadError.details")}</summary>
          <p className="mt-1 break-words">{result.error}</p>
        </details>
      </div>
      <div className="flex flex-col items-end gap-1">
        <Button variant="secondary" onClick={onRetry} disabled={!availability.enabled} data-testid="load-error-retry">
          {t("loadError.retry")}
        </Button>
        {availability.waitSeconds !== null ? (
          <span className="text-xs text-text-muted" data-testid="load-error-wait">
            {t("loadError.retryIn", { count: availability.waitSeconds })}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The liquidity and staked lines inside the total, when there are any. */
function PositionTotalsNote({ result, money }: { result: PortfolioResult; money: ReturnType<typeof useMoney> }) {
  const { t } = useTranslation("portfolio");
  const { liquidity, staked } = result.positionTotals;
  if (Number(liquidity) === 0 && Number(staked) === 0) return null;
  return (
    <p className="text-xs text-text-muted" data-testid="summary-position-totals">
      {t("positions.totals", { liquidity: money.format(liquidity), staked: money.format(staked) })}
    </p>
  );
}

function SummaryCard({
  icon: Icon,
  label,
  testId,
  className,
  aside,
  note,
  children,
}: {
  icon: typeof Wallet;
  label: string;
  testId: string;
  className?: string;
  /** Beside the label (the currency switch). */
  aside?: ReactNode;
  /** Under the figure (the rate it was converted with). */
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className={cn("space-y-1", className)} data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm text-text-muted">
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </p>
        {aside}
      </div>
      <p className="flex flex-wrap items-baseline">{children}</p>
      {note}
    </Card>
  );
}

function PortfolioSkeleton() {
  const { t } = useTranslation("portfolio");
  return (
    <div className="space-y-4" aria-busy="true" data-testid="portfolio-skeleton">
      <span className="sr-only" role="status">
        {t("loading")}
      </span>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-lg border border-border bg-surface-raised" />
        ))}
      </div>
      <div className="space-y-2 rounded-lg border border-border bg-surface-raised p-4">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-10 animate-pulse rounded bg-surface-sunken" />
        ))}
      </div>
    </div>
  );
}

/** Calls `run` once it is rendered: inside a Suspense boundary, once the lazy parts beside it have loaded. */
function OnMount({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}
