// The subscription feature's public face: what other features may use.
export { billingErrorMessage } from "./billing-errors.ts";
export { isPremiumRequired, notifyPremiumRequired } from "./premium-required.ts";
export { ACTIVATION_POLL_MS, awaitingActivation } from "./stripe-return.ts";
export { SubscriptionModalProvider, useSubscriptionModal } from "./subscription-modal-context.tsx";
export { useAccess } from "./use-access.ts";
export { useOpenPortal } from "./use-billing-redirect.ts";
export { StripeReturnHandler } from "./use-stripe-return.tsx";
