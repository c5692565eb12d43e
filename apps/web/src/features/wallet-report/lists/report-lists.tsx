import { tokenChoiceKey, type WalletReportResult } from "@pulsemanager/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../lib/format-number.ts";
import { useTokenChoices } from "../../token-choices/index.ts";
import { CollapsibleSection } from "../collapsible-section.tsx";
import { MISSING_PRICES_ID, UNKNOWN_COSTS_ID } from "../result-view/report-warnings.tsx";
import { ExcludedTable, IncludedByYou } from "./excluded-tokens.tsx";
import { HoldingsTable } from "./holdings-table.tsx";
import { MissingPricesTable } from "./missing-prices-table.tsx";
import { UnknownCostsTable } from "./unknown-costs-table.tsx";

export const HOLDINGS_ID = "wallet-report-holdings";
export const EXCLUDED_ID = "wallet-report-excluded";

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
