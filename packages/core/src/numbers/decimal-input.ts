/**
 * The one reader of numbers a user types (amounts, prices, quantities): "1.234,56" in German,
 * "1,234.56" in English, plain "1234.56" or "1234,56" where that cannot be misread. The answer is an
 * exact decimal string with a point and no grouping ("1234.56"), never a float, so it goes to decimal.js
 * or a numeric column as it is. Which problems it names is what the messages tell the user.
 */
import { z } from "zod";
import type { ApiErrorCode } from "../auth/api-errors.ts";

/** The number format of the user's language. */
export type NumberLocale = "de" | "en";

/**
 * - empty: nothing typed;
 * - notANumber: letters, two decimal separators, a sign in the middle;
 * - grouping: thousands separators in the wrong places ("1.23.456");
 * - ambiguous: without a known language, "1,234" can be 1234 or 1.234 and is refused.
 */
export type DecimalInputProblem = "empty" | "notANumber" | "grouping" | "ambiguous";

export type DecimalInputResult = { ok: true; value: string } | { ok: false; problem: DecimalInputProblem };

/** The API error code (and message) of each problem. */
export const DECIMAL_INPUT_CODES = {
  empty: "NUMBER_REQUIRED",
  notANumber: "NUMBER_INVALID",
  grouping: "NUMBER_GROUPING",
  ambiguous: "NUMBER_AMBIGUOUS",
} as const satisfies Record<DecimalInputProblem, ApiErrorCode>;

const DECIMAL_SEPARATOR: Record<NumberLocale, "," | "."> = { de: ",", en: "." };
/** Spaces users (and copied figures) put between digit groups: space, no-break and narrow no-break space. */
const SPACES = /[\s\u00a0\u202f\u2009]/g;
const HAS_SPACE = /[\s\u00a0\u202f\u2009]/;
const OUTER_SPACES = /^[\s\u00a0\u202f\u2009]+|[\s\u00a0\u202f\u2009]+$/g;
/** Spaces (made plain) at thousands boundaries of the integer part only. */
const SPACE_GROUPED = /^[-\u2212]?\d{1,3}( \d{3})+([.,]\d*)?$/;
/** "1.234": one to three digits (not starting with 0), the separator, exactly three digits. */
const LOOKS_GROUPED = /^[1-9]\d{0,2}[.,]\d{3}$/;

interface Separators {
  decimal: string | null;
  group: string | null;
}

function fail(problem: DecimalInputProblem): DecimalInputResult {
  return { ok: false, problem };
}

export interface DecimalInputOptions {
  /**
   * For numbers in a file whose writer is unknown (the manual entries' CSV): no spaces, and a lone
   * separator before three digits ("1.500") is refused as ambiguous instead of read by the language.
   */
  strict?: boolean;
}

/** Which of "." and "," separates decimals and which groups thousands; a string is a problem. */
function separatorsOf(
  body: string,
  locale: NumberLocale | undefined,
  strict: boolean,
): Separators | DecimalInputProblem {
  const dots = body.split(".").length - 1;
  const commas = body.split(",").length - 1;
  if (dots > 0 && commas > 0) {
    // Both: the last one written separates the decimals, and it appears once.
    const decimal = body.lastIndexOf(".") > body.lastIndexOf(",") ? "." : ",";
    if ((decimal === "." ? dots : commas) > 1) return "notANumber";
    return { decimal, group: decimal === "." ? "," : "." };
  }
  if (dots + commas === 0) return { decimal: null, group: null };
  const separator = dots > 0 ? "." : ",";
  if (dots + commas > 1) return { decimal: null, group: separator };
  if (!LOOKS_GROUPED.test(body)) return { decimal: separator, group: null };
  if (strict) return "ambiguous";
  if (locale)
    return DECIMAL_SEPARATOR[locale] === separator
      ? { decimal: separator, group: null }
      : { decimal: null, group: separator };
  // A point is the API's decimal point; a lone comma before three digits could be either.
  return separator === "." ? { decimal: ".", group: null } : "ambiguous";
}

/** The integer digits without grouping, or null when the groups are not 1-3 digits then threes. */
function ungrouped(integer: string, group: string | null): string | null {
  if (group === null) return integer;
  const parts = integer.split(group);
  const [first, ...rest] = parts;
  if (!first || !/^\d{1,3}$/.test(first) || rest.some((p) => !/^\d{3}$/.test(p))) return null;
  return parts.join("");
}

/**
 * Reads a typed number. `locale` is the language the user types in (the web forms); without it (the
 * server's check of what a client sent) a point is the decimal point and only an unmistakable comma
 * ("12,5", "1.234,5") is read. A leading minus is kept: whether negatives are allowed is the field's rule.
 */
export function parseDecimalInput(
  text: string,
  locale?: NumberLocale,
  options: DecimalInputOptions = {},
): DecimalInputResult {
  const strict = options.strict === true;
  const trimmed = text.replace(OUTER_SPACES, "");
  if (trimmed === "") return fail("empty");
  // Inside the number a space only groups thousands ("1 234 567,89"); "1 5" is no number.
  if (!strict && HAS_SPACE.test(trimmed) && !SPACE_GROUPED.test(trimmed.replace(SPACES, " "))) return fail("grouping");
  const compact = strict ? trimmed : trimmed.replace(SPACES, "");
  const negative = /^[-\u2212]/.test(compact);
  const body = negative ? compact.slice(1) : compact;
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return fail("notANumber");
  const separators = separatorsOf(body, locale, strict);
  if (typeof separators === "string") return fail(separators);
  const [integerPart = "", fraction = "", ...more] = separators.decimal ? body.split(separators.decimal) : [body];
  if (more.length > 0 || !/^\d*$/.test(fraction)) return fail("notANumber");
  const integer = integerPart === "" && separators.group === null ? "" : ungrouped(integerPart, separators.group);
  if (integer === null) return fail("grouping");
  if (integer === "" && fraction === "") return fail("notANumber");
  const whole = integer.replace(/^0+(?=\d)/, "") || "0";
  const value = fraction === "" ? whole : `${whole}.${fraction}`;
  const zero = !/[1-9]/.test(value);
  return { ok: true, value: negative && !zero ? `-${value}` : value };
}

/**
 * A zod string that a user typed as a number, read without a locale (the server's schemas): its output is
 * the exact decimal string; a problem is the NUMBER_* error code. `optional`: an empty text stays "".
 */
export function decimalInput(options: { optional?: boolean } = {}) {
  return z
    .string({ error: DECIMAL_INPUT_CODES.empty })
    .max(80, { message: DECIMAL_INPUT_CODES.notANumber })
    .transform((text, ctx) => {
      if (options.optional && text.trim() === "") return "";
      const read = parseDecimalInput(text);
      if (read.ok) return read.value;
      ctx.addIssue({ code: "custom", message: DECIMAL_INPUT_CODES[read.problem] });
      return z.NEVER;
    });
}
