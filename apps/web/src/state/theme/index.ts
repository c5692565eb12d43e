// The light or dark theme: what the features may use.
export { useTheme } from "./theme-context.tsx";
