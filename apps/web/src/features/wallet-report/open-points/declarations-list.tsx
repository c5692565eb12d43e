import type { ArrivalKey, StoredDeclaration } from "@pulsemanager/core";
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { shortAddress, shortChainName } from "../../../lib/address.ts";
import { formatDateTime } from "../../../lib/format-number.ts";
import { arrivalKeyOf } from "./declaration-fields.ts";
import { declarationDetail } from "./declaration-words.ts";
import { TxLink } from "./tx-link.tsx";

const SHOWN = 50;

interface DeclarationsListProps {
  declarations: StoredDeclaration[];
  /** "369:0xabc" -> "HEX": the symbols the page knows. */
  symbols: ReadonlyMap<string, string>;
  busyKey: string | null;
  onTakeBack: (arrival: ArrivalKey) => void;
}

export function declarationKey(d: Pick<ArrivalKey, "chainId" | "txHash" | "token" | "wallet">): string {
  return `${d.chainId}|${d.txHash}|${d.token}|${d.wallet}`;
}

/** Your answers so far, newest first, each with a way to take it back. */
export function DeclarationsList({ declarations, symbols, busyKey, onTakeBack }: DeclarationsListProps) {
  const { t, i18n } = useTranslation("wallet-report");
  const lang = i18n.language;
  const [limit, setLimit] = useState(SHOWN);
  const sorted = [...declarations].sort((a, b) => b.declaredAt.localeCompare(a.declaredAt));
  return (
    <div className="space-y-2" data-testid="declarations">
      <h3 className="text-sm font-semibold">{t("openPoints.declared.title", { count: declarations.length })}</h3>
      <p className="text-xs text-text-muted">{t("openPoints.declared.hint")}</p>
      <ul className="divide-y divide-border">
        {sorted.slice(0, limit).map((d) => {
          const key = declarationKey(d);
          const symbol = symbols.get(`${d.chainId}:${d.token}`) ?? shortAddress(d.token);
          return (
            <li
              key={key}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
              data-testid="declaration"
            >
              <div className="min-w-0 flex-1 space-y-0.5">
                <p>
                  <span className="font-medium">{symbol}</span>{" "}
                  <span className="text-xs text-text-muted">{shortChainName(d.chainId)}</span>
                  {": "}
                  <span data-testid="declaration-kind">{t(`openPoints.declared.kinds.${d.kind}`)}</span>
                </p>
                <p className="flex flex-wrap items-center gap-x-3 text-xs text-text-muted">
                  {declarationDetail(t, d, lang)}
                  <TxLink chainId={d.chainId} hash={d.txHash} />
                  <span>{t("openPoints.declared.at", { date: formatDateTime(d.declaredAt, lang) })}</span>
                </p>
              </div>
              <Button
                variant="ghost"
                onClick={() => onTakeBack(arrivalKeyOf(d))}
                loading={busyKey === key}
                disabled={busyKey !== null}
                data-testid="take-back"
                aria-label={t("openPoints.declared.takeBackLabel", { symbol })}
              >
                {busyKey === key ? null : <Undo2 className="size-4" aria-hidden="true" />}
                {t("openPoints.declared.takeBack")}
              </Button>
            </li>
          );
        })}
      </ul>
      {sorted.length > limit ? (
        <Button variant="ghost" onClick={() => setLimit((l) => l + SHOWN)}>
          {t("lists.more", { count: Math.min(sorted.length - limit, SHOWN) })}
        </Button>
      ) : null}
    </div>
  );
}
