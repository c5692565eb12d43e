// The roi-tracker feature's public face: what other features may use.
export { useRoi } from "./roi-api.ts";
