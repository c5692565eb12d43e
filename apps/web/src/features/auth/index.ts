// The auth feature's public face: what other features may use.
export { authApi } from "./auth-api.ts";
export { PasswordMatchIndicator } from "./password-match-indicator.tsx";
export { useLogout } from "./use-logout.ts";
