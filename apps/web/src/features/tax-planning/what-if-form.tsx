import type { PlannedLot } from "@pulsemanager/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { inputClassName, TextField } from "../../components/text-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { numberLocale } from "../../lib/number-input.ts";
import { useWallets, walletName } from "../wallets/index.ts";
import { tokens } from "./planning-format.ts";
import { useWhatIf } from "./tax-planning-api.ts";
import {
  sellableWallets,
  type WhatIfErrors,
  type WhatIfFields,
  walletTokens,
  whatIfInputOf,
} from "./what-if-fields.ts";
import { WhatIfResult } from "./what-if-result.tsx";

function firstFields(lots: readonly PlannedLot[]): WhatIfFields {
  const wallet = sellableWallets(lots)[0] ?? "";
  return { wallet, asset: walletTokens(lots, wallet)[0]?.asset ?? "", amount: "", priceEur: "" };
}

/** A message key of ours, or the server's own sentence (a refusal names the holding). */
function useErrorText() {
  const { t } = useTranslation("tax-planning");
  return (message: string | undefined) => (message?.startsWith("planning.errors.") ? t(message.slice(9)) : message);
}

/** "What would a sale cost me?": wallet, token, amount and an optional price; the answer below. */
export function WhatIfForm({ lots }: { lots: readonly PlannedLot[] }) {
  const { t, i18n } = useTranslation("tax-planning");
  const wallets = useWallets();
  const whatIf = useWhatIf();
  const errorText = useErrorText();
  const [fields, setFields] = useState(() => firstFields(lots));
  const [errors, setErrors] = useState<WhatIfErrors>({});
  const set = (name: keyof WhatIfFields, value: string) => setFields((f) => ({ ...f, [name]: value }));
  const held = walletTokens(lots, fields.wallet);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = whatIfInputOf(fields, lots, numberLocale(i18n.language));
    if ("errors" in checked) return setErrors(checked.errors);
    setErrors({});
    whatIf.mutate(checked.input, {
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.body?.fields as WhatIfErrors | undefined) : undefined;
        if (fields) setErrors({ ...fields, asset: fields.asset ?? (fields as { token?: string }).token });
      },
    });
  };

  return (
    <Card data-testid="what-if">
      <h2 className="mb-1 text-base font-semibold">{t("whatIf.title")}</h2>
      <p className="mb-3 text-xs text-text-muted">{t("whatIf.hint")}</p>
      <form onSubmit={submit} noValidate className="grid gap-3 md:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor="what-if-wallet" className="block text-sm font-medium">
            {t("whatIf.wallet")}
          </label>
          <select
            id="what-if-wallet"
            className={inputClassName}
            value={fields.wallet}
            onChange={(e) =>
              setFields({
                ...fields,
                wallet: e.target.value,
                asset: walletTokens(lots, e.target.value)[0]?.asset ?? "",
              })
            }
          >
            {sellableWallets(lots).map((w) => (
              <option key={w} value={w}>
                {walletName(w, wallets.data ?? [])}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="what-if-token" className="block text-sm font-medium">
            {t("whatIf.token")}
          </label>
          <select
            id="what-if-token"
            className={inputClassName}
            value={fields.asset}
            aria-invalid={errors.asset ? true : undefined}
            onChange={(e) => set("asset", e.target.value)}
          >
            {held.map((h) => (
              <option key={h.asset} value={h.asset}>
                {t("whatIf.tokenOption", { symbol: h.symbol, amount: tokens(h.amount, i18n.language) })}
              </option>
            ))}
          </select>
          {errors.asset ? <p className="text-xs text-negative">{errorText(errors.asset)}</p> : null}
        </div>
        <TextField
          id="what-if-amount"
          label={t("whatIf.amount")}
          inputMode="decimal"
          autoComplete="off"
          value={fields.amount}
          onChange={(e) => set("amount", e.target.value)}
          error={errorText(errors.amount)}
        />
        <TextField
          id="what-if-price"
          label={t("whatIf.price")}
          hint={t("whatIf.priceHint")}
          inputMode="decimal"
          autoComplete="off"
          value={fields.priceEur}
          onChange={(e) => set("priceEur", e.target.value)}
          error={errorText(errors.priceEur)}
        />
        <div className="md:col-span-2">
          <Button type="submit" disabled={whatIf.isPending}>
            {whatIf.isPending ? t("whatIf.computing") : t("whatIf.submit")}
          </Button>
        </div>
      </form>
      {whatIf.isError && !(whatIf.error instanceof ApiError && whatIf.error.body?.fields) ? (
        <Alert variant="error" title={t("whatIf.failed")} className="mt-3" />
      ) : null}
      {whatIf.data ? <WhatIfResult outcome={whatIf.data} /> : null}
    </Card>
  );
}
