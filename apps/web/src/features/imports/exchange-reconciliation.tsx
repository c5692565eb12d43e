import type { ExchangeReconciliation, UnpairedMove } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { formatDateTime, formatFixed, formatInteger } from "../../lib/format-number.ts";

/**
 * "Abgleich Börsen" of a report over all wallets: per imported account, the year's withdrawals to and
 * deposits from the user's wallets (paired or not, the open ones listed) and the totals an exchange
 * reports under DAC8, to check against the exchange's annual statement (docs/product/imports.md).
 */
export function ExchangeReconciliationSection({
  exchanges,
  year,
}: {
  exchanges: readonly ExchangeReconciliation[];
  year: number;
}) {
  const { t } = useTranslation("imports");
  return (
    <Card className="space-y-4" data-testid="exchange-reconciliation" aria-labelledby="exchange-reconciliation-title">
      <div>
        <h2 id="exchange-reconciliation-title" className="text-base font-semibold">
          {t("reconciliation.title", { year })}
        </h2>
        <p className="mt-1 text-sm text-text-muted">{t("reconciliation.intro")}</p>
      </div>
      {exchanges.map((e) => (
        <AccountReconciliation key={e.account} figures={e} />
      ))}
    </Card>
  );
}

function AccountReconciliation({ figures }: { figures: ExchangeReconciliation }) {
  const { t, i18n } = useTranslation("imports");
  const lang = i18n.language;
  const n = (value: number) => formatInteger(value, lang);
  const { withdrawals, deposits, dac8 } = figures;
  const rows: [string, string][] = [
    [
      t("reconciliation.withdrawals"),
      t("reconciliation.moves", { total: n(withdrawals.total), paired: n(withdrawals.paired) }),
    ],
    [t("reconciliation.deposits"), t("reconciliation.moves", { total: n(deposits.total), paired: n(deposits.paired) })],
    [
      t("reconciliation.salesForFiat"),
      t("reconciliation.sales", {
        count: dac8.salesForFiat,
        eur: formatFixed(dac8.salesForFiatEur, lang, { decimals: 2, currency: "EUR" }),
      }),
    ],
    [t("reconciliation.swaps"), n(dac8.swaps)],
    [t("reconciliation.transfersOut"), n(dac8.transfersOut)],
  ];
  const open = [...withdrawals.unpaired, ...deposits.unpaired];
  return (
    <section className="space-y-2" data-testid="exchange-reconciliation-account">
      <h3 className="font-medium">{figures.account}</h3>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-text-muted">{label}</dt>
            <dd className="tabular">{value}</dd>
          </div>
        ))}
      </dl>
      {dac8.salesWithoutEur > 0 ? (
        <p className="text-xs text-text-muted">{t("reconciliation.withoutEur", { count: dac8.salesWithoutEur })}</p>
      ) : null}
      {open.length > 0 ? <OpenMoves moves={open} /> : null}
    </section>
  );
}

function OpenMoves({ moves }: { moves: readonly UnpairedMove[] }) {
  const { t, i18n } = useTranslation("imports");
  return (
    <div className="text-sm" data-testid="exchange-unpaired">
      <p className="font-medium">{t("reconciliation.openTitle", { count: moves.length })}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4 text-text-muted">
        {moves.map((m) => (
          <li key={`${m.id}-${m.time}`}>
            {t("reconciliation.openMove", { time: formatDateTime(m.time, i18n.language), symbol: m.symbol })}
            {m.candidates.length > 0 ? (
              <ul className="mt-0.5 space-y-0.5 pl-4 text-xs" data-testid="exchange-candidates">
                {m.candidates.map((c) => (
                  <li key={`${c.chainId}:${c.txHash}`}>
                    {t("reconciliation.candidate", {
                      time: formatDateTime(c.time, i18n.language),
                      tx: shortHash(c.txHash),
                      reason: t(`reconciliation.reasons.${c.reason}`),
                    })}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-xs"> {t("reconciliation.noCandidate")}</span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-text-muted">{t("reconciliation.openHint")}</p>
    </div>
  );
}

function shortHash(hash: string): string {
  return `${hash.slice(0, 10)}…`;
}
