// The account feature's public face: what other features may use.
export { accountApi } from "./account-api.ts";
