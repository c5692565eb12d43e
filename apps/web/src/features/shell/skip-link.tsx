import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

export const MAIN_CONTENT_ID = "main-content";

const SKIP_LINK_CLASS =
  "sr-only z-50 rounded-lg bg-surface-raised px-4 py-2 text-sm text-text focus:not-sr-only focus:fixed focus:top-2 focus:left-2";

/** Keyboard users jump past the navigation. */
export function SkipLink() {
  const { t } = useTranslation("shell");
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={SKIP_LINK_CLASS}>
      {t("skipToContent")}
    </a>
  );
}

/**
 * A page's own skip link to a target far down the page (the add-wallet form below the token table),
 * the first stop after "skip to content". Visible only while focused.
 */
export function SkipToTarget({ href, label, onSkip }: { href: string; label: string; onSkip: () => void }) {
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    onSkip();
  };
  return (
    <a href={href} onClick={skip} className={SKIP_LINK_CLASS} data-testid="skip-to-target">
      {label}
    </a>
  );
}
