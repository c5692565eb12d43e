import { type DisplayCurrency, defaultDisplayCurrency } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { inputClassName } from "../../components/text-field.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useDisplayCurrency } from "./use-money.ts";

const AUTOMATIC = "auto";

/** The settings row: automatic (by language), euros or dollars for portfolio and dashboard values. */
export function CurrencyPreference() {
  const { t, i18n } = useTranslation("currency");
  const errorText = useErrorText();
  const { chosen, choose, saveError } = useDisplayCurrency();
  const byLanguage = t(`options.${defaultDisplayCurrency(i18n.language)}`);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0 flex-1">
        <label htmlFor="displayCurrency" className="text-sm font-medium">
          {t("label")}
        </label>
        <p className="text-xs text-text-muted">{t("hint")}</p>
        {saveError ? (
          <p className="mt-1 text-xs text-negative" role="alert">
            {t("saveFailed", { message: errorText(saveError) })}
          </p>
        ) : null}
      </div>
      <div className="w-full sm:w-64">
        <select
          id="displayCurrency"
          className={inputClassName}
          value={chosen ?? AUTOMATIC}
          onChange={(event) =>
            choose(event.target.value === AUTOMATIC ? null : (event.target.value as DisplayCurrency))
          }
        >
          <option value={AUTOMATIC}>{t("automatic", { currency: byLanguage })}</option>
          <option value="EUR">{t("options.EUR")}</option>
          <option value="USD">{t("options.USD")}</option>
        </select>
      </div>
    </div>
  );
}
