import pino from "pino";
import { redactText, redactValue } from "./log-redaction.ts";

export type Logger = pino.Logger;

/** The app's logger; URLs (RPC keys), SQL parameters and secrets never reach the log (`destination` for tests). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "pulsemanager" },
    redact: {
      paths: ["password", "newPassword", "currentPassword", "token", "*.password", "*.token", "req.headers.cookie"],
      censor: "[redacted]",
    },
    formatters: { log: (object) => redactValue(object) as Record<string, unknown> },
    // Errors are plain objects already (see redactValue); pino's own serializer would rename their type.
    serializers: { err: (value: unknown) => redactValue(value) },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === "string" ? redactText(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
