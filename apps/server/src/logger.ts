import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "pulsemanager" },
    redact: {
      paths: ["password", "newPassword", "currentPassword", "token", "*.password", "*.token", "req.headers.cookie"],
      censor: "[redacted]",
    },
  });
}
