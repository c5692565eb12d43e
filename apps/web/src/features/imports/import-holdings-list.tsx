import type { AccountHoldings } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { formatExact } from "../../lib/format-number.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import type { Money } from "../../state/currency/index.ts";
import { useImportHoldings } from "./imports-api.ts";

/** The portfolio's group of imported accounts: per account what its rows leave, valued where a chain token. */
export function ImportHoldingsList({ money }: { money: Money }) {
  const { t } = useTranslation("imports");
  const errorText = useErrorText();
  const holdings = useImportHoldings();
  if (holdings.isPending) return <Spinner label={t("holdings.loading")} className="py-4" />;
  if (holdings.isError) return <p className="text-sm text-negative">{errorText(holdings.error)}</p>;
  if (holdings.data.length === 0) return <p className="text-sm text-text-muted">{t("accounts.none")}</p>;
  return (
    <div className="space-y-4" data-testid="import-holdings">
      {holdings.data.map((a) => (
        <AccountHoldingsTable key={a.id} account={a} money={money} />
      ))}
    </div>
  );
}

function AccountHoldingsTable({ account, money }: { account: AccountHoldings; money: Money }) {
  const { t, i18n } = useTranslation("imports");
  const value = (usd: string | null) => (usd === null ? "–" : money.format(usd));
  return (
    <section className="space-y-2" data-testid="import-account-holdings">
      <h4 className="flex flex-wrap items-baseline justify-between gap-2 font-medium">
        <span>{account.name}</span>
        <span className="tabular text-sm">{t("holdings.total", { value: value(account.totalUsd) })}</span>
      </h4>
      {account.holdings.length === 0 ? (
        <p className="text-sm text-text-muted">{t("holdings.empty")}</p>
      ) : (
        <DataTable
          caption={t("holdings.caption", { account: account.name })}
          head={
            <>
              <Th edge="first">{t("holdings.coin")}</Th>
              <Th right>{t("holdings.amount")}</Th>
              <Th right edge="last">
                {t("holdings.value")}
              </Th>
            </>
          }
        >
          {account.holdings.map((h) => (
            <tr key={h.ticker}>
              <Td edge="first" label={t("holdings.coin")}>
                {h.ticker}
              </Td>
              <Td right label={t("holdings.amount")}>
                {formatExact(h.amount, i18n.language)}
              </Td>
              <Td right edge="last" label={t("holdings.value")}>
                {h.isFiat ? t("holdings.fiat") : value(h.valueUsd)}
              </Td>
            </tr>
          ))}
        </DataTable>
      )}
      {account.short.length > 0 ? (
        <p className="text-xs text-text-muted">{t("holdings.short", { tickers: account.short.join(", ") })}</p>
      ) : null}
    </section>
  );
}
