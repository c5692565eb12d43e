import { ArrowDownUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { QuoteResult } from "./quote-result.tsx";
import { TokenPicker } from "./token-picker.tsx";
import { useTradeForm } from "./use-trade-form.ts";

/** /trade: a read-only PulseX quote for two tokens, then links to swap on PulseX or an aggregator. */
export default function TradePage() {
  const { t } = useTranslation("trade");
  const errorText = useErrorText();
  const { choices, from, to, amount, setAmount, problem, quote, submit, swapSides } = useTradeForm();

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={t("title")} subtitle={t("intro")} />
      <div className="space-y-6">
        <Card>
          <form onSubmit={submit} noValidate className="space-y-4" data-testid="trade-form">
            <TokenPicker id="trade-from" label={t("form.from")} choices={choices} {...from} />
            <div className="flex justify-center">
              <Button variant="ghost" onClick={swapSides} aria-label={t("form.swapSides")}>
                <ArrowDownUp className="size-4" aria-hidden="true" />
              </Button>
            </div>
            <TokenPicker id="trade-to" label={t("form.to")} choices={choices} {...to} />
            <TextField
              id="trade-amount"
              label={t("form.amount")}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              hint={t("form.amountHint")}
            />
            {problem ? (
              <Alert variant="error">
                <span data-testid="trade-error">{t(`apiErrors.${problem}`, { ns: "common" })}</span>
              </Alert>
            ) : null}
            {quote.isError ? (
              <Alert variant="error">
                <span data-testid="trade-error">{errorText(quote.error)}</span>
              </Alert>
            ) : null}
            <Button type="submit" loading={quote.isPending}>
              {t("form.submit")}
            </Button>
          </form>
        </Card>
        {quote.data && !problem ? <QuoteResult quote={quote.data} /> : null}
        <Alert variant="info" title={t("readOnly.title")}>
          {t("readOnly.text")}
        </Alert>
      </div>
    </div>
  );
}
