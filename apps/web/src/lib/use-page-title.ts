import { useEffect } from "react";

const APP_NAME = "PulseManager";

/** Sets the browser tab title to "<page> · PulseManager". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
