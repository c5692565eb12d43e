/** Number and date formats of the advisor PDF: core's display formats (docs/product/design.md). */
import type { DisplayLanguage } from "@pulsemanager/core";

export type PdfLanguage = DisplayLanguage;
export { formatAmount, formatCount, formatDate, formatDateTime, formatEur } from "@pulsemanager/core";

/** A decimal string below zero ("-0.00" is not). */
export function isNegative(value: string): boolean {
  return value.trim().startsWith("-") && /[1-9]/.test(value);
}
