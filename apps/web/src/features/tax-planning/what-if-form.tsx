import { chainName, type PlannedLot } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { SelectField } from "../../components/select-field.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useWallets, walletName } from "../wallets/index.ts";
import { tokens } from "./planning-format.ts";
import { useWhatIfForm } from "./use-what-if-form.ts";
import { sellableWallets, walletTokens } from "./what-if-fields.ts";
import { WhatIfResult } from "./what-if-result.tsx";

/** A message key of ours, or the server's own sentence (a refusal names the holding). */
function useErrorText() {
  const { t } = useTranslation("tax-planning");
  return (message: string | undefined) => (message?.startsWith("planning.errors.") ? t(message.slice(9)) : message);
}

/** "What would a sale cost me?": wallet, token, amount and an optional price; the answer below. */
export function WhatIfForm({ lots }: { lots: readonly PlannedLot[] }) {
  const { t } = useTranslation("tax-planning");
  const form = useWhatIfForm(lots);
  const { whatIf } = form;
  return (
    <Card data-testid="what-if">
      <h2 className="mb-1 text-base font-semibold">{t("whatIf.title")}</h2>
      <p className="mb-3 text-xs text-text-muted">{t("whatIf.hint")}</p>
      <form onSubmit={form.submit} noValidate className="grid gap-3 md:grid-cols-2">
        <WhatIfChoices lots={lots} form={form} />
        <WhatIfNumbers form={form} />
        <div className="md:col-span-2">
          <Button type="submit" disabled={whatIf.isPending}>
            {whatIf.isPending ? t("whatIf.computing") : t("whatIf.submit")}
          </Button>
        </div>
      </form>
      {form.failed ? <Alert variant="error" title={t("whatIf.failed")} className="mt-3" /> : null}
      {whatIf.data ? <WhatIfResult outcome={whatIf.data} /> : null}
    </Card>
  );
}

type Form = ReturnType<typeof useWhatIfForm>;

/** The wallet and, among its own holdings, the token. */
function WhatIfChoices({ lots, form }: { lots: readonly PlannedLot[]; form: Form }) {
  const { t, i18n } = useTranslation("tax-planning");
  const wallets = useWallets();
  const errorText = useErrorText();
  const { fields, errors } = form;
  return (
    <>
      <SelectField
        id="what-if-wallet"
        label={t("whatIf.wallet")}
        value={fields.wallet}
        onChange={(e) => form.chooseWallet(e.target.value)}
      >
        {sellableWallets(lots).map((w) => (
          <option key={w} value={w}>
            {walletName(w, wallets.data ?? [])}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="what-if-token"
        label={t("whatIf.token")}
        value={fields.asset}
        error={errorText(errors.asset)}
        onChange={(e) => form.set("asset", e.target.value)}
      >
        {walletTokens(lots, fields.wallet).map((h) => (
          <option key={h.asset} value={h.asset}>
            {t("whatIf.tokenOption", {
              symbol: h.symbol,
              chain: h.chainId === null ? "" : chainName(h.chainId),
              amount: tokens(h.amount, i18n.language),
            })}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** The amount and the optional price, typed in the user's number format. */
function WhatIfNumbers({ form }: { form: Form }) {
  const { t } = useTranslation("tax-planning");
  const errorText = useErrorText();
  const { fields, errors } = form;
  return (
    <>
      <TextField
        id="what-if-amount"
        label={t("whatIf.amount")}
        inputMode="decimal"
        autoComplete="off"
        value={fields.amount}
        onChange={(e) => form.set("amount", e.target.value)}
        error={errorText(errors.amount)}
      />
      <TextField
        id="what-if-price"
        label={t("whatIf.price")}
        hint={t("whatIf.priceHint")}
        inputMode="decimal"
        autoComplete="off"
        value={fields.priceEur}
        onChange={(e) => form.set("priceEur", e.target.value)}
        error={errorText(errors.priceEur)}
      />
    </>
  );
}
