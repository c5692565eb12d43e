// The settings feature's public face: what other features may use.
export { useUpdateUserSettings, useUserSettings } from "./user-settings-api.ts";
