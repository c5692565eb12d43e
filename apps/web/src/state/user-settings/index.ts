// The signed-in user's settings (display currency, language, fork cost): what the features may use.
export { useUpdateUserSettings, useUserSettings } from "./user-settings-api.ts";
