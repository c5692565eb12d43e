import { type ApiErrorCode, NATIVE, PULSECHAIN, type TradeQuote } from "@pulsemanager/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { numberLocale } from "../../lib/number-input.ts";
import { portfolioQueryOptions } from "../portfolio/index.ts";
import { CUSTOM_TOKEN } from "./token-picker.tsx";
import { fetchTradeQuote } from "./trade-api.ts";
import { holdingChoices, type TradeFormInput, type TradeToken, tradeFormProblem } from "./trade-form.ts";

const PLS: TradeToken = { chainId: PULSECHAIN, address: NATIVE, symbol: "PLS", decimals: 18, balance: null };

/** The trade form's state: the two tokens (held or typed in), the amount, the check and the quote. */
export function useTradeForm() {
  const { i18n } = useTranslation("trade");
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
  const from = { choice: fromChoice, custom: fromCustom, onChoice: setFromChoice, onCustom: setFromCustom };
  const to = { choice: toChoice, custom: toCustom, onChoice: setToChoice, onCustom: setToCustom };
  return { choices, from, to, amount, setAmount, problem, quote, submit, swapSides };
}
