// The dashboard feature's public face: what other features may use.
export { default as DashboardPage } from "./dashboard-page.tsx";
