import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { APP_VERSION } from "./version.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      console.error("See the settings table in README.md.");
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const running = await createApp({ config, logger });
  const server = serve({ fetch: running.app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      {
        version: APP_VERSION,
        port: info.port,
        url: config.appUrl,
        database: running.database.engine,
        mail: running.mailer.mode,
        edition: config.edition,
      },
      `PulseManager listening on ${config.appUrl}`,
    );
    if (running.mailer.mode === "outbox") {
      logger.info(`No SMTP_URL set: mails go to the log and to ${config.appUrl}/dev/outbox`);
    } else if (running.mailer.mode === "log") {
      logger.warn("No SMTP_URL set in production: mails (confirmations, password resets) go to the log only");
    }
  });

  server.on("error", (err: NodeJS.ErrnoException) => {
    const reason =
      err.code === "EADDRINUSE"
        ? `port ${config.PORT} is already in use (set PORT to another port)`
        : err.code === "EACCES"
          ? `no permission to listen on port ${config.PORT}`
          : err.message;
    logger.fatal({ err }, `cannot listen: ${reason}`);
    void running.close().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    server.close();
    await running.close().catch((err) => logger.error({ err }, "error while closing"));
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err) => {
  console.error("PulseManager failed to start:", err);
  process.exit(1);
});
