import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../../components/data-table.tsx";
import { MoreButton } from "../../../components/more-button.tsx";
import { usePaged } from "../../../components/use-paged.ts";
import { LIST_PAGE } from "./list-page.ts";

/**
 * One of the report's lists: a table that scrolls sideways on a narrow screen, LIST_PAGE rows at a
 * time with 'Weitere anzeigen' for the next page.
 */
export function PagedListTable<T>({
  items,
  caption,
  head,
  row,
}: {
  items: readonly T[];
  caption: string;
  head: ReactNode;
  row: (item: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation("wallet-report");
  const { shown, rest, next, more } = usePaged(items, LIST_PAGE);
  return (
    <>
      <DataTable caption={caption} scroll className="min-w-[36rem]" head={head}>
        {shown.map(row)}
      </DataTable>
      <MoreButton rest={rest} onMore={more}>
        {t("lists.more", { count: next })}
      </MoreButton>
    </>
  );
}
