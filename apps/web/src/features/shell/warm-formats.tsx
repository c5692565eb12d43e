import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { warmFormats } from "../../lib/format-number.ts";

/** Each step when the browser is idle (while the page's data is on its way), else in a task of its own. */
function whenIdle(step: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(step, { timeout: 2000 });
  else window.setTimeout(step, 0);
}

/** Prepares the number and date formats of the signed-in pages in the user's language (lib/format-number.ts). */
export function WarmFormats() {
  const { i18n } = useTranslation();
  useEffect(() => warmFormats(i18n.language, whenIdle), [i18n.language]);
  return null;
}
