export const FALLBACK_NAME = "PulseChainer";

/** The part of the e-mail before the at-sign, else "PulseChainer". */
export function greetingName(email: string | null | undefined): string {
  const local = (email ?? "").split("@")[0]?.trim() ?? "";
  return local === "" ? FALLBACK_NAME : local;
}
