import type { ImportedRowView } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { DataTable, Td, Th } from "../../components/data-table.tsx";
import { MoreButton } from "../../components/more-button.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { usePaged } from "../../components/use-paged.ts";
import { formatExact } from "../../lib/format-number.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { importTime } from "./import-texts.ts";
import { useImportRows } from "./imports-api.ts";

type Leg = { asset: string; amount: string } | undefined;

const PAGE = 100;

/** Each imported row of an account as it was read: time, the exchange's word, what left, what came in, fees. */
export function ImportRowsTable({ accountId }: { accountId: string }) {
  const { t } = useTranslation("imports");
  const errorText = useErrorText();
  const rows = useImportRows(accountId);
  if (rows.isPending) return <Spinner label={t("rows.loading")} className="py-4" />;
  if (rows.isError) return <p className="text-sm text-negative">{errorText(rows.error)}</p>;
  return <RowsTable rows={rows.data} />;
}

function RowsTable({ rows }: { rows: readonly ImportedRowView[] }) {
  const { t, i18n } = useTranslation("imports");
  const paged = usePaged(rows, PAGE);
  const lang = i18n.language;
  const leg = (l: Leg) => (l ? `${formatExact(l.amount, lang)} ${l.asset}` : "–");
  const legs = (main: Leg, also: readonly Leg[] = []) => [main, ...also].filter(Boolean).map(leg).join(", ") || "–";
  return (
    <>
      <DataTable
        caption={t("rows.caption")}
        testId="import-rows"
        head={
          <>
            <Th edge="first">{t("rows.time")}</Th>
            <Th>{t("rows.kind")}</Th>
            <Th>{t("rows.operation")}</Th>
            <Th right>{t("rows.out")}</Th>
            <Th right>{t("rows.in")}</Th>
            <Th right edge="last">
              {t("rows.fees")}
            </Th>
          </>
        }
      >
        {paged.shown.map((r) => (
          <tr key={`${r.line}-${r.time}-${r.operation}`}>
            <Td edge="first" label={t("rows.time")}>
              {importTime(r.time, lang, t)}
            </Td>
            <Td label={t("rows.kind")}>{t(`kinds.${r.kind}`)}</Td>
            <Td label={t("rows.operation")} className="break-words">
              {r.operation}
            </Td>
            <Td right label={t("rows.out")}>
              {legs(r.out, r.alsoOut)}
            </Td>
            <Td right label={t("rows.in")}>
              {legs(r.in, r.alsoIn)}
            </Td>
            <Td right edge="last" label={t("rows.fees")}>
              {r.fees.length ? r.fees.map((f) => leg(f)).join(", ") : "–"}
            </Td>
          </tr>
        ))}
      </DataTable>
      <MoreButton rest={paged.rest} onMore={paged.more}>
        {t("rows.more", { count: paged.next })}
      </MoreButton>
    </>
  );
}
