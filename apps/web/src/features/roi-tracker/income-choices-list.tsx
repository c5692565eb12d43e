import { useTranslation } from "react-i18next";
import { shortAddress, shortChainName } from "../../lib/address.ts";
import { useIncomeChoices, usePutIncomeChoice } from "./income-choices-api.ts";

/** The senders the user answered "is this income?" for, each with a way to take the answer back. */
export function IncomeChoicesList() {
  const { t } = useTranslation("roi");
  const choices = useIncomeChoices();
  const put = usePutIncomeChoice();
  const list = choices.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-4" data-testid="income-choices">
      <h3 className="text-sm font-semibold">{t("choices.title")}</h3>
      <ul className="mt-1 divide-y divide-border text-sm">
        {list.map((c) => (
          <li key={`${c.chainId}:${c.address}`} className="flex flex-wrap items-center gap-x-3 py-1.5">
            <span className="font-mono text-xs" title={c.address}>
              {shortAddress(c.address)}
            </span>
            <span className="text-xs text-text-muted">{shortChainName(c.chainId)}</span>
            <span>{c.income ? t("choices.income") : t("choices.notIncome")}</span>
            <button
              type="button"
              disabled={put.isPending}
              onClick={() => put.mutate({ chainId: c.chainId, address: c.address, income: null })}
              className="ml-auto rounded-md px-2 py-1 text-sm font-medium text-accent hover:bg-surface-sunken disabled:opacity-50"
            >
              {t("choices.undo")}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
