import { TRACKER_TOKENS_SHOWN, type TrackedToken, type TrackerResponse } from "@pulsemanager/core";
import { Flame, TrendingDown, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { TokenIcon } from "../../components/token-icon.tsx";
import { shortChainName } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { formatTokenBalance } from "../../lib/format-number.ts";
import { ChangeText, changeDirection, SupplyFigures, usdOrDash } from "../market/index.ts";
import { shownTokens } from "./tracker-messages.ts";

function Empty({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p className="text-sm text-text-muted" data-testid={testId}>
      {children}
    </p>
  );
}

function TokenLabel({ token }: { token: TrackedToken | TrackerResponse["burns"][number] }) {
  const { t } = useTranslation("tracker");
  const kind = "kind" in token ? token.kind : "token";
  return (
    <span className="flex min-w-0 items-center gap-2">
      <TokenIcon symbol={token.symbol} address={token.address} className="size-6 text-[10px]" />
      <span className="min-w-0 truncate font-medium" title={token.name}>
        {token.symbol}
      </span>
      {kind === "token" ? null : (
        <span className="shrink-0 text-xs text-text-muted" data-testid={`tracker-kind-${kind}`}>
          {t(KIND_LABELS[kind])}
        </span>
      )}
      <span className="shrink-0 text-xs text-text-muted">{shortChainName(token.chainId)}</span>
    </span>
  );
}

/** A row that is not a token in the wallet says what it is ("gestakt", "Liquidität"). */
const KIND_LABELS = { "hex-stake": "kind.hexStake", liquidity: "kind.liquidity" } as const;

/** One row per chain, contract and kind (HEX in the wallet and HEX in stakes are two rows). */
export const rowKey = (token: TrackedToken) => `${token.chainId}:${token.address}:${token.kind}`;

/** Top gainers or top losers among the wallet's tokens over the timeframe. */
export function MoversCard({ kind, tokens }: { kind: "gainers" | "losers"; tokens: readonly TrackedToken[] }) {
  const { t } = useTranslation("tracker");
  const Icon = kind === "gainers" ? TrendingUp : TrendingDown;
  return (
    <Card data-testid={`tracker-${kind}`}>
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <Icon className={cn("size-5", kind === "gainers" ? "text-positive" : "text-negative")} aria-hidden="true" />
        {t(kind === "gainers" ? "gainers" : "losers")}
      </h2>
      {tokens.length === 0 ? (
        <Empty testId={`tracker-${kind}-empty`}>{t("noData")}</Empty>
      ) : (
        <ul className="space-y-2 text-sm">
          {tokens.map((token) => (
            <li key={rowKey(token)} className="flex items-center justify-between gap-3">
              <TokenLabel token={token} />
              <ChangeText value={token.change} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Per token: how much the sinks hold, its share of the supply, and which sinks. */
export function BurnsCard({ burns }: { burns: TrackerResponse["burns"] }) {
  const { t } = useTranslation("tracker");
  return (
    <Card data-testid="tracker-burns">
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <Flame className="size-5 text-accent" aria-hidden="true" />
        {t("burns")}
      </h2>
      {burns.length === 0 ? (
        <Empty testId="tracker-burns-empty">{t("noBurnData")}</Empty>
      ) : (
        <ul className="space-y-4">
          {burns.map((burn) => (
            <li key={`${burn.chainId}:${burn.address}`}>
              <TokenLabel token={burn} />
              <div className="mt-1">
                <SupplyFigures supply={burn.supply} symbol={burn.symbol} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const VALUE_COLOURS = { up: "text-positive", down: "text-negative", flat: "text-text-muted" };

/** The value change in USD per token over the timeframe, and the sum. */
export function PerformanceCard({ result }: { result: TrackerResponse }) {
  const { t, i18n } = useTranslation("tracker");
  const lang = i18n.language;
  const rows = result.tokens.filter((token) => token.valueChangeUsd !== null);
  const { performance } = result;
  return (
    <Card data-testid="tracker-performance">
      <h2 className="mb-3 font-semibold">{t("performance")}</h2>
      {rows.length === 0 ? (
        <Empty testId="tracker-performance-empty">{t("noPerformanceData")}</Empty>
      ) : (
        <>
          <ul className="divide-y divide-border text-sm">
            {rows.map((token) => (
              <li key={rowKey(token)} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                <TokenLabel token={token} />
                <span className="tabular text-right">
                  {usdOrDash(token.valueUsd, lang)} <SignedUsd value={token.valueChangeUsd} language={lang} />{" "}
                  <ChangeText value={token.change} />
                </span>
              </li>
            ))}
          </ul>
          <p className="tabular mt-3 border-t border-border pt-3 text-sm font-medium" data-testid="tracker-total">
            {t("total", {
              start: usdOrDash(performance.valueThenUsd, lang),
              now: usdOrDash(performance.valueUsd, lang),
            })}{" "}
            <SignedUsd value={performance.changeUsd} language={lang} />
          </p>
          {performance.unpriced > 0 ? (
            <p className="mt-1 text-xs text-text-muted">{t("unpriced", { count: performance.unpriced })}</p>
          ) : null}
        </>
      )}
    </Card>
  );
}

function SignedUsd({ value, language }: { value: string | null; language: string }) {
  const direction = changeDirection(value);
  return (
    <span className={VALUE_COLOURS[direction]}>
      ({direction === "up" ? "+" : ""}
      {usdOrDash(value, language)})
    </span>
  );
}

/** The wallet's tokens, most valuable first: 10 shown, the rest as "und N weitere". */
export function WalletTokensCard({ tokens }: { tokens: readonly TrackedToken[] }) {
  const { t, i18n } = useTranslation("tracker");
  const { shown, more } = shownTokens(tokens, TRACKER_TOKENS_SHOWN);
  return (
    <Card data-testid="tracker-tokens">
      <h2 className="mb-3 font-semibold">{t("walletTokens")}</h2>
      {shown.length === 0 ? (
        <Empty testId="tracker-tokens-empty">{t("noData")}</Empty>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {shown.map((token) => (
            <li key={rowKey(token)} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <TokenLabel token={token} />
              <span className="tabular text-right">
                {formatTokenBalance(token.balance, i18n.language)}{" "}
                <span className="text-text-muted">{usdOrDash(token.valueUsd, i18n.language)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="mt-2 text-sm text-text-muted" data-testid="tracker-more">
          {t("andMore", { count: more })}
        </p>
      ) : null}
    </Card>
  );
}
