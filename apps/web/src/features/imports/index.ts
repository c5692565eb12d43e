export { ExchangeImportsCard } from "./exchange-imports-card.tsx";
export { ExchangeReconciliationSection } from "./exchange-reconciliation.tsx";
export { useImportAccounts } from "./imports-api.ts";
