// The server's public configuration (GET /api/config): what the features may use.
export { CONFIG_QUERY_KEY, usePublicConfig } from "./config-query.ts";
