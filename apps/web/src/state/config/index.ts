// The server's public configuration (GET /api/config): what the features may use.
export { usePublicConfig } from "./config-query.ts";
