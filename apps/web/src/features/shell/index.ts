// The shell feature's public face: what other features may use.
export { LanguageSwitch } from "./language-switch.tsx";
export { SkipToTarget } from "./skip-link.tsx";
export { ThemeToggle } from "./theme-toggle.tsx";
