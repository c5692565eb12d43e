import { useMutation } from "@tanstack/react-query";
import { billingApi } from "./billing-api.ts";

/** Leaves the app for a Stripe page; the button keeps spinning until the browser has gone. */
function goTo({ url }: { url: string }): Promise<never> {
  window.location.assign(url);
  return new Promise<never>(() => undefined);
}

/** 'Subscribe Now': POST /api/billing/checkout, then to Stripe Checkout. */
export function useStartCheckout() {
  return useMutation({ mutationFn: () => billingApi.checkout().then(goTo) });
}

/** 'Abo verwalten': POST /api/billing/portal, then to the Stripe customer portal. */
export function useOpenPortal() {
  return useMutation({ mutationFn: () => billingApi.portal().then(goTo) });
}
