export { ExchangeImportsCard } from "./exchange-imports-card.tsx";
