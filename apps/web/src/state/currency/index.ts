// The display currency and money formatting: what the features may use.
export { CurrencyPreference } from "./currency-preference.tsx";
export { CurrencySwitch } from "./currency-switch.tsx";
export { historyIn } from "./money.ts";
export { RateNote } from "./rate-note.tsx";
export type { Money } from "./use-money.ts";
export { useDisplayCurrency, useMoney } from "./use-money.ts";
