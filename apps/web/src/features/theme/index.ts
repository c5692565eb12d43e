// The theme feature's public face: what other features may use.
export { useTheme } from "./theme-context.tsx";
