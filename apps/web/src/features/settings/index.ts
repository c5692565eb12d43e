// The settings feature's public face: what other features may use.
export { AccountLanguageSync } from "./account-language-sync.tsx";
