import {
  canIncludeBack,
  type ExcludedReportToken,
  type MissingPriceEntry,
  type OpenLot,
  type TokenChoice,
  tokenChoiceKey,
  type UnknownCostEntry,
  type WalletReportResult,
} from "@pulsemanager/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { shortAddress, shortChainName } from "../../../lib/address.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import { usePutTokenChoice, useTokenChoices } from "../../token-choices/index.ts";
import { CollapsibleSection } from "../collapsible-section.tsx";
import { explorerTxUrl, formatAmount, formatEur, formatReportDate, shortHash } from "../report-format.ts";
import { reportWalletLabel } from "../report-wallet.ts";
import { MISSING_PRICES_ID, UNKNOWN_COSTS_ID } from "../result-view/report-warnings.tsx";

/** Entries per page of the lists below ('Weitere anzeigen' adds the next page). */
export const LIST_PAGE = 100;

export const HOLDINGS_ID = "wallet-report-holdings";
export const EXCLUDED_ID = "wallet-report-excluded";

/** "369:0xabc" / "369:native" -> 369; a label outside the chain -> null. */
export function chainOfAsset(asset: string): number | null {
  const m = /^(\d+):/.exec(asset);
  return m ? Number(m[1]) : null;
}

/** The holdings open at the end of the year, the missing prices and the unknown costs (collapsible). */
export function ReportLists({ result }: { result: WalletReportResult }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const count = (n: number) => formatInteger(n, lang);
  const excluded = result.meta.excludedTokens ?? [];
  const choices = useTokenChoices();
  const excludedKeys = new Set(excluded.map((e) => tokenChoiceKey(e.chainId, e.address)));
  const includedOnly = (choices.data ?? []).filter(
    (c) => c.include && !excludedKeys.has(tokenChoiceKey(c.chainId, c.address)),
  );
  return (
    <div className="space-y-3">
      <ListSection
        id={HOLDINGS_ID}
        title={t("lists.holdings", { year: result.year })}
        count={count(result.holdings.length)}
        empty={result.holdings.length === 0 ? t("lists.holdingsEmpty") : null}
        testId="holdings-section"
      >
        {() => <HoldingsTable lots={result.holdings} />}
      </ListSection>
      <ListSection
        id={MISSING_PRICES_ID}
        title={t("lists.missingPrices")}
        count={count(result.missingPrices.length)}
        empty={result.missingPrices.length === 0 ? t("lists.missingPricesEmpty") : null}
        testId="missing-prices-section"
      >
        {() => <MissingPricesTable entries={result.missingPrices} />}
      </ListSection>
      <ListSection
        id={UNKNOWN_COSTS_ID}
        title={t("lists.unknownCosts")}
        count={count(result.unknownCosts.length)}
        empty={result.unknownCosts.length === 0 ? t("lists.unknownCostsEmpty") : null}
        testId="unknown-costs-section"
      >
        {() => <UnknownCostsTable entries={result.unknownCosts} />}
      </ListSection>
      <ListSection
        id={EXCLUDED_ID}
        title={t("lists.excluded")}
        count={count(excluded.length)}
        empty={excluded.length === 0 && includedOnly.length === 0 ? t("lists.excludedEmpty") : null}
        testId="excluded-section"
      >
        {() => (
          <>
            {excluded.length > 0 ? <ExcludedTable tokens={excluded} /> : null}
            <IncludedByYou choices={includedOnly} />
          </>
        )}
      </ListSection>
    </div>
  );
}

/**
 * Tokens the exclusion rule left out (spam, fakes, fork copies, blocklist): not in the rows or figures.
 * The user can include one back (except the operator's blocklist); the choice is stored and counts in
 * the portfolio at once and in the next analysis.
 */
function ExcludedTable({ tokens }: { tokens: readonly ExcludedReportToken[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const choices = useTokenChoices();
  const put = usePutTokenChoice();
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("lists.excludedHint")}</p>
      <ListTable
        caption={t("lists.excluded")}
        head={
          <>
            <Th>{t("lists.token")}</Th>
            <Th>{t("lists.chain")}</Th>
            <Th>{t("lists.contract")}</Th>
            <Th>{t("lists.reason")}</Th>
            <Th right>{t("lists.transfers")}</Th>
            <Th>{t("lists.choice")}</Th>
          </>
        }
      >
        {tokens.map((token) => {
          const key = tokenChoiceKey(token.chainId, token.address);
          const included = choices.included.has(key);
          return (
            <tr key={key} data-testid="excluded-token">
              <td data-label={t("lists.token")} className="py-1.5 pr-3 font-medium">
                {token.symbol}
              </td>
              <td data-label={t("lists.chain")} className="py-1.5 pr-3">
                {shortChainName(token.chainId)}
              </td>
              <td data-label={t("lists.contract")} className="py-1.5 pr-3 font-mono text-xs" title={token.address}>
                {shortAddress(token.address)}
              </td>
              <td data-label={t("lists.reason")} className="py-1.5 pr-3">
                {t(`lists.excludedReason.${token.reason}`, { symbol: token.symbol })}
              </td>
              <td data-label={t("lists.transfers")} className="py-1.5 pr-3 text-right">
                {formatInteger(token.transfers, lang)}
              </td>
              <td data-label={t("lists.choice")} className="py-1.5 pr-3">
                <div>
                  {canIncludeBack(token.reason) ? (
                    <button
                      type="button"
                      disabled={put.isPending || choices.isPending}
                      onClick={() =>
                        put.mutate({ chainId: token.chainId, address: token.address, include: included ? null : true })
                      }
                      className="rounded-md px-2 py-1 text-sm font-medium text-accent hover:bg-surface-sunken disabled:opacity-50"
                      data-testid="include-token"
                    >
                      {included ? t("lists.excludeAgain") : t("lists.includeBack")}
                    </button>
                  ) : (
                    <span className="text-xs text-text-muted">{t("lists.operatorBlocklist")}</span>
                  )}
                  {included ? (
                    <span className="block text-xs text-positive" data-testid="included-note">
                      {t("lists.includedNote")}
                    </span>
                  ) : null}
                </div>
              </td>
            </tr>
          );
        })}
      </ListTable>
      {put.isError ? (
        <p role="alert" className="mt-2 text-sm text-negative">
          {t("lists.choiceFailed")}
        </p>
      ) : null}
    </>
  );
}

/** Tokens the user included back that this report counted: each can be excluded again. */
function IncludedByYou({ choices }: { choices: readonly TokenChoice[] }) {
  const { t } = useTranslation("wallet-report");
  const put = usePutTokenChoice();
  if (choices.length === 0) return null;
  return (
    <div className="mt-3" data-testid="included-by-you">
      <h3 className="text-sm font-semibold">{t("lists.includedByYou")}</h3>
      <ul className="mt-1 divide-y divide-border text-sm">
        {choices.map((c) => (
          <li key={tokenChoiceKey(c.chainId, c.address)} className="flex flex-wrap items-center gap-x-3 py-1.5">
            <span>{shortChainName(c.chainId)}</span>
            <span className="font-mono text-xs" title={c.address}>
              {shortAddress(c.address)}
            </span>
            <button
              type="button"
              disabled={put.isPending}
              onClick={() => put.mutate({ chainId: c.chainId, address: c.address, include: null })}
              className="ml-auto rounded-md px-2 py-1 text-sm font-medium text-accent hover:bg-surface-sunken disabled:opacity-50"
            >
              {t("lists.excludeAgain")}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A collapsible list: its table (rendered only when opened), or a sentence when it is empty. */
function ListSection(props: {
  id: string;
  title: string;
  count: string;
  empty: string | null;
  testId: string;
  children: () => ReactNode;
}) {
  return (
    <CollapsibleSection id={props.id} title={props.title} meta={props.count} testId={props.testId}>
      {() => (props.empty !== null ? <p className="text-sm text-text-muted">{props.empty}</p> : props.children())}
    </CollapsibleSection>
  );
}

function usePaged<T>(items: readonly T[]) {
  const [limit, setLimit] = useState(LIST_PAGE);
  return {
    shown: items.slice(0, limit),
    rest: items.length - Math.min(limit, items.length),
    more: () => setLimit((l) => l + LIST_PAGE),
  };
}

function MoreButton({ rest, onMore }: { rest: number; onMore: () => void }) {
  const { t } = useTranslation("wallet-report");
  if (rest <= 0) return null;
  return (
    <button
      type="button"
      onClick={onMore}
      className="mt-2 rounded-md px-3 py-1.5 text-sm font-medium text-accent hover:bg-surface-sunken"
    >
      {t("lists.more", { count: Math.min(rest, LIST_PAGE) })}
    </button>
  );
}

function ListTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="sm:overflow-x-auto">
      <table className="stacked-table w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-text-muted">
          <tr>{head}</tr>
        </thead>
        <tbody className="tabular divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

function Th({ children, right }: { children: ReactNode; right?: boolean }) {
  return (
    <th scope="col" className={right ? "py-1.5 pr-3 text-right font-medium" : "py-1.5 pr-3 font-medium"}>
      {children}
    </th>
  );
}

function TxRef({ hash, asset }: { hash: string; asset: string }) {
  const url = explorerTxUrl(chainOfAsset(asset), hash);
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="font-mono text-xs text-accent hover:underline"
      title={hash}
    >
      {shortHash(hash)}
    </a>
  ) : (
    <span className="font-mono text-xs text-text-muted" title={hash}>
      {shortHash(hash)}
    </span>
  );
}

function HoldingsTable({ lots }: { lots: readonly OpenLot[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const { shown, rest, more } = usePaged(lots);
  const unknown = <span className="text-warning">{t("unknownValue")}</span>;
  return (
    <>
      <ListTable
        caption={t("lists.holdingsCaption")}
        head={
          <>
            <Th>{t("lists.token")}</Th>
            <Th>{t("lists.wallet")}</Th>
            <Th right>{t("lists.amount")}</Th>
            <Th>{t("lists.acquired")}</Th>
            <Th right>{t("lists.cost")}</Th>
            <Th>{t("lists.taxFreeFrom")}</Th>
          </>
        }
      >
        {shown.map((lot, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: open lots have no id; the list is fixed per result.
          <tr key={i}>
            <td data-label={t("lists.token")} className="py-1.5 pr-3 font-medium">
              {lot.symbol}
            </td>
            <td data-label={t("lists.wallet")} className="py-1.5 pr-3 font-mono text-xs" title={lot.wallet}>
              {reportWalletLabel(lot.wallet, t)}
            </td>
            <td data-label={t("lists.amount")} className="py-1.5 pr-3 text-right whitespace-nowrap">
              {formatAmount(lot.amount, lang)}
            </td>
            <td data-label={t("lists.acquired")} className="py-1.5 pr-3 whitespace-nowrap">
              {lot.acquired ? formatReportDate(lot.acquired, lang) : unknown}
            </td>
            <td data-label={t("lists.cost")} className="py-1.5 pr-3 text-right whitespace-nowrap">
              {formatEur(lot.cost, lang) ?? unknown}
            </td>
            <td data-label={t("lists.taxFreeFrom")} className="py-1.5 pr-3 whitespace-nowrap">
              {lot.taxFreeFrom ? formatReportDate(lot.taxFreeFrom, lang) : unknown}
            </td>
          </tr>
        ))}
      </ListTable>
      <MoreButton rest={rest} onMore={more} />
    </>
  );
}

function MissingPricesTable({ entries }: { entries: readonly MissingPriceEntry[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const { shown, rest, more } = usePaged(entries);
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("lists.missingPricesHint")}</p>
      <ListTable
        caption={t("lists.missingPrices")}
        head={
          <>
            <Th>{t("lists.date")}</Th>
            <Th>{t("lists.token")}</Th>
            <Th>{t("lists.what")}</Th>
            <Th>{t("lists.wallet")}</Th>
            <Th>{t("lists.hash")}</Th>
          </>
        }
      >
        {shown.map((entry, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list is fixed per result.
          <tr key={i}>
            <td data-label={t("lists.date")} className="py-1.5 pr-3 whitespace-nowrap">
              {formatReportDate(entry.date, lang)}
            </td>
            <td data-label={t("lists.token")} className="py-1.5 pr-3 font-medium">
              {entry.symbol}
            </td>
            <td data-label={t("lists.what")} className="py-1.5 pr-3">
              {t(`lists.missingWhat.${entry.what}`)}
            </td>
            <td data-label={t("lists.wallet")} className="py-1.5 pr-3 font-mono text-xs" title={entry.wallet}>
              {reportWalletLabel(entry.wallet, t)}
            </td>
            <td data-label={t("lists.hash")} className="py-1.5 pr-3">
              <TxRef hash={entry.hash} asset={entry.asset} />
            </td>
          </tr>
        ))}
      </ListTable>
      <MoreButton rest={rest} onMore={more} />
    </>
  );
}

function UnknownCostsTable({ entries }: { entries: readonly UnknownCostEntry[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const { shown, rest, more } = usePaged(entries);
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("lists.unknownCostsHint")}</p>
      <ListTable
        caption={t("lists.unknownCosts")}
        head={
          <>
            <Th>{t("lists.date")}</Th>
            <Th>{t("lists.token")}</Th>
            <Th right>{t("lists.amount")}</Th>
            <Th>{t("lists.reason")}</Th>
            <Th>{t("lists.wallet")}</Th>
            <Th>{t("lists.hash")}</Th>
          </>
        }
      >
        {shown.map((entry, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one transaction can list the same token twice.
          <tr key={i}>
            <td data-label={t("lists.date")} className="py-1.5 pr-3 whitespace-nowrap">
              {formatReportDate(entry.date, lang)}
            </td>
            <td data-label={t("lists.token")} className="py-1.5 pr-3 font-medium">
              {entry.symbol}
            </td>
            <td data-label={t("lists.amount")} className="py-1.5 pr-3 text-right whitespace-nowrap">
              {formatAmount(entry.amount, lang)}
            </td>
            <td data-label={t("lists.reason")} className="py-1.5 pr-3">
              {t(`details.unknown.${entry.reason}`)}
            </td>
            <td data-label={t("lists.wallet")} className="py-1.5 pr-3 font-mono text-xs" title={entry.wallet}>
              {reportWalletLabel(entry.wallet, t)}
            </td>
            <td data-label={t("lists.hash")} className="py-1.5 pr-3">
              <TxRef hash={entry.hash} asset={entry.asset} />
            </td>
          </tr>
        ))}
      </ListTable>
      <MoreButton rest={rest} onMore={more} />
    </>
  );
}
