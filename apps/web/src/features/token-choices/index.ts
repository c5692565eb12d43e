// The token-choices feature's public face: what other features may use.
export { usePutTokenChoice, useTokenChoices } from "./token-choices-api.ts";
