import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-number.ts";

/**
 * A time of an imported row: with its zone, in the user's time as everywhere else; without one (the
 * file gave local time of an unknown zone), as the file wrote it, marked so.
 */
export function importTime(iso: string | null, language: string, t: TFunction): string {
  if (!iso) return "–";
  if (/(Z|[+-]\d{2}:\d{2})$/.test(iso)) return formatDateTime(iso, language);
  return t("imports:time.asWritten", { time: formatDateTime(`${iso}Z`, language).replace(/\s*UTC$/, "") });
}

/** Why a file was refused, in the user's words; a refusal the server names by its problem, else the API's text. */
export function refusalText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === "IMPORT_FILE_REFUSED" && error.body?.problem)
    return t(`imports:refused.${error.body.problem}`, { defaultValue: error.message });
  if (error instanceof ApiError && error.code === "PAYLOAD_TOO_LARGE") return t("imports:refused.too-large");
  return t("imports:refused.failed");
}
