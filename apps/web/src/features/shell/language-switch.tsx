import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language, setLanguage } from "../../i18n/index.ts";
import { cn } from "../../lib/cn.ts";

/** de/en, stored as localStorage appLanguage. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language === "en" ? "en" : "de";
  return (
    <fieldset className={cn("inline-flex rounded-lg border border-border bg-surface-raised p-0.5", className)}>
      <legend className="sr-only">{t("language.label")}</legend>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={current === lang}
          title={t(`language.${lang}`)}
          onClick={() => setLanguage(lang)}
          className={cn(
            "min-w-9 rounded-md px-2 py-1 text-xs font-semibold transition",
            current === lang ? "bg-surface-sunken text-text" : "text-text-muted hover:text-text",
          )}
        >
          {lang.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
