import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn.ts";
import { GRID } from "./report-row.tsx";

/** The wide table's sticky header; on phones two headings for screen readers only. */
export function TableHead({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation("wallet-report");
  return (
    <thead className={narrow ? "sr-only" : "sticky top-0 z-10 block"}>
      <tr
        aria-rowindex={1}
        className={cn(
          !narrow &&
            "grid h-9 items-center gap-x-2 border-b border-border bg-surface-raised px-3 text-xs font-medium text-text-muted",
        )}
        style={narrow ? undefined : GRID}
      >
        {narrow ? (
          <>
            <th scope="col">{t("table.transaction")}</th>
            <th scope="col">{t("table.value")}</th>
          </>
        ) : (
          <WideHeadings />
        )}
      </tr>
    </thead>
  );
}

function WideHeadings() {
  const { t } = useTranslation("wallet-report");
  return (
    <>
      <th scope="col" className="font-medium">
        <span className="sr-only">{t("table.expand")}</span>
      </th>
      <th scope="col" className="font-medium">
        {t("table.date")}
      </th>
      <th scope="col" className="font-medium">
        {t("table.type")}
      </th>
      <th scope="col" className="font-medium">
        {t("table.coin")}
      </th>
      <th scope="col" className="text-right font-medium">
        {t("table.amount")}
      </th>
      <th scope="col" className="text-right font-medium">
        {t("table.value")}
      </th>
      <th scope="col" className="font-medium">
        {t("table.taxable")}
      </th>
      <th scope="col" className="font-medium">
        {t("table.holding")}
      </th>
      <th scope="col" className="text-right font-medium">
        {t("table.gain")}
      </th>
      <th scope="col" className="text-right font-medium">
        {t("table.fee")}
      </th>
      <th scope="col" className="font-medium">
        {t("table.hash")}
      </th>
    </>
  );
}
