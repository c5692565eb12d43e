/**
 * Where closing the modal on /subscription leads (back in history). Back when there is
 * an earlier page of this app to return to: React Router's own index, a same-origin referrer
 * (the page was opened by a full load from inside the app), or an earlier load of the app in this
 * tab (the address was typed in while the app was open). Otherwise the dashboard, so closing
 * never leaves the app for a foreign site or a blank tab.
 */
export function subscriptionCloseTarget(input: {
  routerIndex: number | undefined;
  historyLength: number;
  referrer: string;
  origin: string;
  /** This tab showed the app before the current page load. */
  tabShowedAppBefore: boolean;
}): "back" | "dashboard" {
  if (typeof input.routerIndex === "number" && input.routerIndex > 0) return "back";
  if (input.historyLength <= 1) return "dashboard";
  if (input.referrer === "") return input.tabShowedAppBefore ? "back" : "dashboard";
  try {
    return new URL(input.referrer).origin === input.origin ? "back" : "dashboard";
  } catch {
    return "dashboard";
  }
}
