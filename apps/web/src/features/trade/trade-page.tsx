import { type ApiErrorCode, NATIVE, PULSECHAIN, type TradeQuote } from "@pulsemanager/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowDownUp } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { TextField } from "../../components/text-field.tsx";
import { numberLocale } from "../../lib/number-input.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { portfolioQueryOptions } from "../portfolio/index.ts";
import { QuoteResult } from "./quote-result.tsx";
import { CUSTOM_TOKEN, TokenPicker } from "./token-picker.tsx";
import { fetchTradeQuote } from "./trade-api.ts";
import { holdingChoices, type TradeFormInput, type TradeToken, tradeFormProblem } from "./trade-form.ts";

const PLS: TradeToken = { chainId: PULSECHAIN, address: NATIVE, symbol: "PLS", decimals: 18, balance: null };

/** /trade: a read-only PulseX quote for two tokens, then links to swap on PulseX or an aggregator. */
export default function TradePage() {
  const { t, i18n } = useTranslation("trade");
  const errorText = useErrorText();
  const portfolio = useQuery(portfolioQueryOptions);
  const held = holdingChoices(portfolio.data);
  const choices = held.some((c) => c.address === NATIVE) ? held : [PLS, ...held];
  const [fromChoice, setFromChoice] = useState<string>(NATIVE);
  const [toChoice, setToChoice] = useState<string>(CUSTOM_TOKEN);
  const [fromCustom, setFromCustom] = useState("");
  const [toCustom, setToCustom] = useState("");
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState<ApiErrorCode | null>(null);
  const quote = useMutation<TradeQuote, unknown, TradeFormInput>({ mutationFn: fetchTradeQuote });

  const address = (choice: string, custom: string) => (choice === CUSTOM_TOKEN ? custom.trim() : choice);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fromToken = choices.find((c) => c.address === fromChoice && fromChoice !== CUSTOM_TOKEN);
    const input = {
      from: address(fromChoice, fromCustom),
      to: address(toChoice, toCustom),
      amount,
      fromDecimals: fromToken?.decimals ?? null,
      locale: numberLocale(i18n.language),
    };
    const found = tradeFormProblem(input);
    setProblem(found);
    if (found) quote.reset();
    else quote.mutate(input);
  };
  const swapSides = () => {
    setFromChoice(toChoice);
    setToChoice(fromChoice);
    setFromCustom(toCustom);
    setToCustom(fromCustom);
  };

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={t("title")} subtitle={t("intro")} />
      <div className="space-y-6">
        <Card>
          <form onSubmit={submit} noValidate className="space-y-4" data-testid="trade-form">
            <TokenPicker
              id="trade-from"
              label={t("form.from")}
              choices={choices}
              choice={fromChoice}
              custom={fromCustom}
              onChoice={setFromChoice}
              onCustom={setFromCustom}
            />
            <div className="flex justify-center">
              <Button variant="ghost" onClick={swapSides} aria-label={t("form.swapSides")}>
                <ArrowDownUp className="size-4" aria-hidden="true" />
              </Button>
            </div>
            <TokenPicker
              id="trade-to"
              label={t("form.to")}
              choices={choices}
              choice={toChoice}
              custom={toCustom}
              onChoice={setToChoice}
              onCustom={setToCustom}
            />
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
