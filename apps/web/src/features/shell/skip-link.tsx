import { useTranslation } from "react-i18next";

export const MAIN_CONTENT_ID = "main-content";

/** Keyboard users jump past the navigation. */
export function SkipLink() {
  const { t } = useTranslation("shell");
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-lg bg-surface-raised px-4 py-2 text-sm text-text focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t("skipToContent")}
    </a>
  );
}
