// The notifications feature's public face: what other features may use.
export { NotificationBell } from "./notification-bell.tsx";
export { NotificationSettingsCard } from "./notification-settings-card.tsx";
