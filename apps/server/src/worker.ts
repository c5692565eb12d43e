import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";

/**
 * `npm run worker`: a process that only works background jobs (tax reports) on the shared PostgreSQL
 * database, beside API processes started with REPORT_WORKER=false. It serves no HTTP.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, REPORT_WORKER: "true" });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.DATABASE_URL) {
    console.error("npm run worker needs DATABASE_URL (PostgreSQL): the embedded database serves one process.");
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  const running = await createApp({ config, logger, webDist: false });
  logger.info({ database: running.database.engine }, "PulseManager worker started");
  const stop = async (signal: string) => {
    logger.info({ signal }, "worker shutting down (finishing the running job)");
    await running.close().catch((err) => logger.error({ err }, "error while closing"));
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err) => {
  console.error("PulseManager worker failed to start:", err);
  process.exit(1);
});
