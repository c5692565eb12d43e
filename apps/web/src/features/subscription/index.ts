// The subscription feature's public face: what other features may use.
export { billingErrorMessage } from "./billing-errors.ts";
export { PremiumLoadError, type PremiumLoadErrorTexts } from "./premium-load-error.tsx";
export { isPremiumRequired, notifyPremiumRequired } from "./premium-required.ts";
export { SubscriptionModalProvider, useSubscriptionModal } from "./subscription-modal-context.tsx";
export { useOpenPortal } from "./use-billing-redirect.ts";
export { StripeReturnHandler } from "./use-stripe-return.tsx";
