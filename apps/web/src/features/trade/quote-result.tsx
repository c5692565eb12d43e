import { D, decimalPlaces, type TradeQuote } from "@pulsemanager/core";
import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonClassName } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { shortAddress } from "../../lib/address.ts";
import { formatFixed, formatPercent } from "../../lib/format-number.ts";
import { aggregatorSwapUrl, pulsexSwapUrl } from "./swap-links.ts";

/** Above this price impact (percent) the quote is shown as a warning. */
const HIGH_IMPACT_PERCENT = 5;

/** The best quote: amount out, route, price impact, source, and the links to swap elsewhere. */
export function QuoteResult({ quote }: { quote: TradeQuote }) {
  const { t, i18n } = useTranslation("trade");
  const lang = i18n.language;
  const symbolOf = (address: string) =>
    address === quote.from.address || (quote.from.address === "native" && address === quote.route.path[0])
      ? quote.from.symbol
      : address === quote.to.address || (quote.to.address === "native" && address === quote.route.path.at(-1))
        ? quote.to.symbol
        : t("quote.wrappedNative");
  const high = quote.priceImpact !== null && new D(quote.priceImpact).gte(HIGH_IMPACT_PERCENT);
  return (
    <Card aria-labelledby="quote-heading" data-testid="trade-quote" className="space-y-4">
      <h2 id="quote-heading" className="text-lg font-semibold text-text">
        {t("quote.title")}
      </h2>
      <p className="text-2xl font-semibold break-all text-text" data-testid="trade-amount-out">
        {formatFixed(quote.amountOut, lang, { decimals: Math.min(8, quote.to.decimals) })} {quote.to.symbol}
      </p>
      <p className="text-sm text-text-muted">
        {t("quote.forAmount", {
          amount: formatFixed(quote.amountIn, lang, { decimals: decimalPlaces(quote.amountIn) }),
          symbol: quote.from.symbol,
        })}
      </p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-text-muted">{t("quote.exact")}</dt>
          <dd className="font-mono break-all text-text" data-testid="trade-amount-exact">
            {quote.amountOut}
          </dd>
        </div>
        <div>
          <dt className="text-text-muted">{t("quote.priceImpact")}</dt>
          <dd className={high ? "font-semibold text-negative" : "text-text"} data-testid="trade-price-impact">
            {quote.priceImpact === null ? t("quote.impactUnknown") : formatPercent(quote.priceImpact, lang)}
          </dd>
        </div>
        <div>
          <dt className="text-text-muted">{t("quote.route")}</dt>
          <dd className="text-text" data-testid="trade-route">
            {t("quote.routeVia", {
              router: quote.route.router.toUpperCase(),
              path: quote.route.path.map(symbolOf).join(" → "),
            })}
          </dd>
        </div>
        <div>
          <dt className="text-text-muted">{t("quote.source")}</dt>
          <dd className="break-words text-text">
            {t("quote.sourceText", {
              router: quote.route.router.toUpperCase(),
              address: shortAddress(quote.route.routerAddress),
              block: quote.blockNumber,
            })}
          </dd>
        </div>
      </dl>
      {high ? <p className="text-sm text-negative">{t("quote.highImpact")}</p> : null}
      <p className="text-xs text-text-muted">{t("quote.impactNote")}</p>
      <div className="flex flex-wrap gap-2">
        <SwapLink href={pulsexSwapUrl(quote.from.address, quote.to.address)} label={t("links.pulsex")} />
        <SwapLink href={aggregatorSwapUrl(quote.from.address, quote.to.address)} label={t("links.aggregator")} />
      </div>
      <p className="text-xs text-text-muted">{t("links.note")}</p>
    </Card>
  );
}

function SwapLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation("trade");
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClassName("secondary")}>
      {label}
      <ExternalLink className="size-4" aria-hidden="true" />
      <span className="sr-only">{t("links.newTab")}</span>
    </a>
  );
}
