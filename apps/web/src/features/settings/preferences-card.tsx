import { useTranslation } from "react-i18next";
import { Card } from "../../components/card.tsx";
import { CurrencyPreference } from "../../state/currency/index.ts";
import { LanguageSwitch, ThemeToggle } from "../shell/index.ts";

export function PreferencesCard() {
  const { t } = useTranslation("settings");
  return (
    <Card>
      <h2 className="font-semibold">{t("preferences.title")}</h2>
      <div className="mt-4 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm font-medium">{t("preferences.language")}</p>
            <p className="text-xs text-text-muted">{t("preferences.languageHint")}</p>
          </div>
          <LanguageSwitch />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm font-medium">{t("preferences.theme")}</p>
            <p className="text-xs text-text-muted">{t("preferences.themeHint")}</p>
          </div>
          <ThemeToggle showLabel />
        </div>
        <CurrencyPreference />
      </div>
    </Card>
  );
}
