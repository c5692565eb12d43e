import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { type ErrorMessage, errorMessageFor } from "./error-message.ts";

/** Turns an error (or an already mapped message) into text in the current language. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation("common");
  return useCallback(
    (error: unknown) => {
      const message: ErrorMessage = isErrorMessage(error) ? error : errorMessageFor(error);
      return "raw" in message ? message.raw : t(message.key, message.values);
    },
    [t],
  );
}

function isErrorMessage(value: unknown): value is ErrorMessage {
  return typeof value === "object" && value !== null && ("key" in value || "raw" in value) && !(value instanceof Error);
}
