import { type ConsumedLot, type LotLines, priceSourceLabel, type ReportTransaction } from "@pulsemanager/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { shortChainName } from "../../../lib/address.ts";
import { cn } from "../../../lib/cn.ts";
import { formatDateTime, formatInteger } from "../../../lib/format-number.ts";
import { formatEur, formatReportDate, formatSignedEur, lotQuantity, signOf } from "../report-format.ts";
import { reportWalletLabel } from "../report-wallet.ts";
import { parseLots } from "../result/report-result-parse.ts";
import { describeRow } from "./row-description.ts";

/** Lots shown in an opened row; a sale after thousands of small buys lists the rest as a count. */
export const LOTS_SHOWN = 50;

/**
 * The opened row (docs/product/design.md: in the tax report, the lots behind a gain): description, price source,
 * addresses, and the lots the transaction used with their acquisition, cost, proceeds, gain and
 * holding period.
 */
export function TransactionDetails({
  row,
  rowIndex,
  lotLines,
}: {
  row: ReportTransaction;
  rowIndex?: number;
  /** The lots as the exports' lines (same cents as the CSV and PDF); until read, each lot rounded alone. */
  lotLines?: (index: number) => Promise<LotLines>;
}) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const lots = parseLots(row);
  const lines = useLotLines(lotLines, rowIndex);
  const eur = (value: string | null) => formatEur(value, lang) ?? t("unknownValue");

  return (
    <div className="space-y-3 bg-surface-sunken px-3 py-3 text-xs sm:px-4" data-testid="transaction-details">
      <dl className="grid gap-x-6 gap-y-1.5 sm:grid-cols-2">
        <Fact label={t("details.description")} wide>
          <span className="break-words" data-testid="row-description">
            {describeRow(row, t, lang) || "–"}
          </span>
        </Fact>
        <Fact label={t("details.priceSource")}>
          {row.priceSource ? (
            <span className="break-all">
              {row.priceSource === "input"
                ? t("details.priceSourceInput")
                : priceSourceLabel(row.priceSource, row.chainId, lang === "en" ? "en" : "de")}
            </span>
          ) : row.missingPrice ? (
            <span className="text-warning">{t("details.noPrice")}</span>
          ) : (
            "–"
          )}
        </Fact>
        <Fact label={t("details.time")}>
          {formatDateTime(row.block_timestamp, lang)}
          {row.chainId !== null ? ` · ${shortChainName(row.chainId)}` : ` · ${t("details.manual")}`}
        </Fact>
        <Fact label={t("details.wallet")}>
          <span className="font-mono" title={row.wallet}>
            {reportWalletLabel(row.wallet, t)}
          </span>
        </Fact>
        <Fact label={t("details.fromTo")}>
          <span className="font-mono" title={`${row.from_address} → ${row.to_address}`}>
            {row.from_address ? reportWalletLabel(row.from_address, t) : "–"} →{" "}
            {row.to_address ? reportWalletLabel(row.to_address, t) : "–"}
          </span>
        </Fact>
        {row.income !== null ? (
          <Fact label={t("details.income")}>
            <span className="tabular">{eur(row.income)}</span>
          </Fact>
        ) : null}
      </dl>

      {lots === null ? (
        <p className="text-warning">{t("details.lotsUnreadable")}</p>
      ) : lots.length === 0 ? (
        <p className="text-text-muted">{t("details.noLots")}</p>
      ) : (
        <LotsTable row={row} lots={lots} lines={lines} lang={lang} />
      )}
    </div>
  );
}

function Fact({ label, wide, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={cn("min-w-0", wide && "sm:col-span-2")}>
      <dt className="inline text-text-muted">{label}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

function useLotLines(read: ((index: number) => Promise<LotLines>) | undefined, index: number | undefined) {
  const [lines, setLines] = useState<LotLines | null>(null);
  useEffect(() => {
    if (!read || index === undefined) return;
    let live = true;
    read(index).then(
      (answer) => live && setLines(answer),
      () => undefined, // the lots stay rounded one by one
    );
    return () => {
      live = false;
    };
  }, [read, index]);
  return lines;
}

function LotsTable(props: { row: ReportTransaction; lots: ConsumedLot[]; lines: LotLines | null; lang: string }) {
  const { row, lots, lines, lang } = props;
  const { t } = useTranslation("wallet-report");
  const shown = lots.slice(0, LOTS_SHOWN);
  return (
    <div className="sm:overflow-x-auto">
      <table className="stacked-table w-full min-w-[40rem] text-left">
        <caption className="mb-1 text-left font-semibold text-text">
          {t("details.lotsTitle", { count: lots.length, formatted: formatInteger(lots.length, lang) })}
        </caption>
        <thead className="text-text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("details.acquired")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("details.amount")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("details.cost")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("details.proceeds")}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t("details.gain")}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("details.taxFree")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("details.holdingEnds")}
            </th>
          </tr>
        </thead>
        <tbody className="tabular divide-y divide-border">
          {shown.map((lot, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lots have no id; their order is fixed (FIFO).
            <LotRow key={i} row={row} lot={lot} index={i} lines={lines} lang={lang} />
          ))}
        </tbody>
      </table>
      {lots.length > LOTS_SHOWN ? (
        <p className="mt-1 text-text-muted">{t("details.moreLots", { count: lots.length - LOTS_SHOWN })}</p>
      ) : null}
    </div>
  );
}

/** One lot of a sale: acquired, amount, cost, proceeds, gain, tax-free, holding period. */
function LotRow(props: {
  row: ReportTransaction;
  lot: ConsumedLot;
  index: number;
  lines: LotLines | null;
  lang: string;
}) {
  const { row, lot, index: i, lines, lang } = props;
  const { t } = useTranslation("wallet-report");
  const unknown = t("unknownValue");
  const sign = signOf(lot.gain);
  return (
    <tr>
      <td data-label={t("details.acquired")} className="py-1 pr-3 whitespace-nowrap">
        {lot.acquired ? formatReportDate(lot.acquired, lang) : <span className="text-warning">{unknown}</span>}
      </td>
      <td data-label={t("details.amount")} className="py-1 pr-3 text-right whitespace-nowrap">
        {lotQuantity(row, lot, lang)}
      </td>
      <td data-label={t("details.cost")} className="py-1 pr-3 text-right whitespace-nowrap">
        {formatEur(lot.cost, lang) ?? <span className="text-warning">{unknown}</span>}
      </td>
      <td data-label={t("details.proceeds")} className="py-1 pr-3 text-right whitespace-nowrap">
        {lot.use === "moved"
          ? t("details.moved")
          : (formatEur(lines?.proceeds[i] ?? lot.proceeds, lang) ?? <span className="text-warning">{unknown}</span>)}
      </td>
      <td
        data-label={t("details.gain")}
        className={cn(
          "py-1 pr-3 text-right whitespace-nowrap",
          sign > 0 && "text-positive",
          sign < 0 && "text-negative",
        )}
      >
        {lot.use === "moved"
          ? "–"
          : (formatSignedEur(lines?.gain[i] ?? lot.gain, lang) ?? <span className="text-warning">{unknown}</span>)}
      </td>
      <td data-label={t("details.taxFree")} className="py-1 pr-3 whitespace-nowrap">
        {lot.taxFree === null ? "–" : lot.taxFree ? t("taxable.taxFreeYes") : t("taxable.taxFreeNo")}
        {lot.unknown ? <span className="block text-warning">{t(`details.unknown.${lot.unknown}`)}</span> : null}
      </td>
      <td data-label={t("details.holdingEnds")} className="py-1 whitespace-nowrap">
        {formatReportDate(lot.holdingPeriodEnds, lang)}
      </td>
    </tr>
  );
}
