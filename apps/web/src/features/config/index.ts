// The config feature's public face: what other features may use.
export { CONFIG_QUERY_KEY, usePublicConfig } from "./config-query.ts";
