import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One runner for everything. Server tests run on embedded PGlite, and again on
 * PostgreSQL when TEST_DATABASE_URL is set. e2e drives the built app in Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "core", include: ["packages/core/test/**/*.test.ts"] } },
      { test: { name: "web", include: ["apps/web/test/**/*.test.{ts,tsx}"] } },
      {
        test: {
          name: "server-pglite",
          include: ["apps/server/test/**/*.test.ts"],
          exclude: ["apps/server/test/**/*.postgres.test.ts", "apps/server/test/chain/**"],
          env: { TEST_DB_ENGINE: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: "server-postgres",
                include: ["apps/server/test/**/*.test.ts"],
                exclude: ["apps/server/test/chain/**"],
                env: { TEST_DB_ENGINE: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        // Chain code against a real EVM node (the devchain on anvil).
        test: {
          name: "chain",
          include: ["apps/server/test/chain/**/*.test.ts"],
          env: { TEST_DB_ENGINE: "pglite" },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "devchain",
          include: ["tools/devchain/test/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The tax command line on the worked cases, and the tax engine on the devchain's history.
        test: {
          name: "tax",
          include: ["tools/tax-cli/test/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll often waits for a whole page load, which under the full run's load can take longer
          // than expect.poll's default second (the billing journey's modal after a reload did once).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
