/** Reads a list of strings from an i18n `returnObjects` value; anything else becomes an empty list. */
export function toStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}
