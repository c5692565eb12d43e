import { type DisplayCurrency, type DisplayRate, effectiveDisplayCurrency, shownCurrency } from "@pulsemanager/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateUserSettings, useUserSettings } from "../user-settings/index.ts";
import { formatMoney, formatMoneyPrice, type MoneyContext } from "./money.ts";

/** The currency the user wants values in: their choice, else the UI language's (German EUR, English USD). */
export function useDisplayCurrency() {
  const { i18n } = useTranslation();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const chosen = settings.data?.displayCurrency ?? null;
  return {
    wanted: effectiveDisplayCurrency(chosen, i18n.language),
    chosen,
    choose: (displayCurrency: DisplayCurrency | null) => update.mutate({ displayCurrency }),
    saving: update.isPending,
    saveError: update.error,
  };
}

/** Formats USD values in the wanted currency at the given rate of the day (dollars without a rate). */
export function useMoney(rate: DisplayRate | null | undefined) {
  const { i18n } = useTranslation();
  const { wanted } = useDisplayCurrency();
  return useMemo(() => {
    const context: MoneyContext = { wanted, rate, language: i18n.language };
    return {
      wanted,
      rate,
      currency: shownCurrency(wanted, rate),
      format: (usd: string) => formatMoney(usd, context),
      price: (usd: string) => formatMoneyPrice(usd, context),
    };
  }, [wanted, rate, i18n.language]);
}

export type Money = ReturnType<typeof useMoney>;
