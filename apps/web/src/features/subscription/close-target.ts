/**
 * Where closing the modal on /subscription leads (back in history). Back when there is
 * an earlier page of this app to return to: React Router's own index, or a same-origin referrer
 * (the page was opened by a full load from inside the app). Otherwise the dashboard, so closing
 * never leaves the app for a foreign site or a blank tab.
 */
export function subscriptionCloseTarget(input: {
  routerIndex: number | undefined;
  historyLength: number;
  referrer: string;
  origin: string;
}): "back" | "dashboard" {
  if (typeof input.routerIndex === "number" && input.routerIndex > 0) return "back";
  if (input.historyLength > 1 && input.referrer !== "") {
    try {
      if (new URL(input.referrer).origin === input.origin) return "back";
    } catch {
      /* not a URL */
    }
  }
  return "dashboard";
}
