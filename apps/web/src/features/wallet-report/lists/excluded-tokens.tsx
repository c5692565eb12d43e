import { canIncludeBack, type ExcludedReportToken, type TokenChoice, tokenChoiceKey } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../../components/data-table.tsx";
import { shortAddress, shortChainName } from "../../../lib/address.ts";
import { formatInteger } from "../../../lib/format-number.ts";
import { usePutTokenChoice, useTokenChoices } from "../../token-choices/index.ts";

/**
 * Tokens the exclusion rule left out (spam, fakes, fork copies, blocklist): not in the rows or figures.
 * The user can include one back (except the operator's blocklist); the choice is stored and counts in
 * the portfolio at once and in the next analysis.
 */
export function ExcludedTable({ tokens }: { tokens: readonly ExcludedReportToken[] }) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const choices = useTokenChoices();
  const put = usePutTokenChoice();
  return (
    <>
      <p className="mb-2 text-xs text-text-muted">{t("lists.excludedHint")}</p>
      <DataTable
        caption={t("lists.excluded")}
        scroll
        className="min-w-[36rem]"
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
              <Td label={t("lists.token")} className="font-medium">
                {token.symbol}
              </Td>
              <Td label={t("lists.chain")}>{shortChainName(token.chainId)}</Td>
              <Td label={t("lists.contract")} className="font-mono text-xs" title={token.address}>
                {shortAddress(token.address)}
              </Td>
              <Td label={t("lists.reason")}>{t(`lists.excludedReason.${token.reason}`, { symbol: token.symbol })}</Td>
              <Td label={t("lists.transfers")} right>
                {formatInteger(token.transfers, lang)}
              </Td>
              <Td label={t("lists.choice")}>
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
              </Td>
            </tr>
          );
        })}
      </DataTable>
      {put.isError ? (
        <p role="alert" className="mt-2 text-sm text-negative">
          {t("lists.choiceFailed")}
        </p>
      ) : null}
    </>
  );
}

/** Tokens the user included back that this report counted: each can be excluded again. */
export function IncludedByYou({ choices }: { choices: readonly TokenChoice[] }) {
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
