/**
 * The "Offene Punkte" form's fields and what it sends (pure, so the rules are tested without a
 * browser). One answer covers a whole group: one declaration per arrival. Amounts are typed in the
 * user's number format ("120,50") and sent as the API's decimal ("120.50"); the checks are the
 * server's schema (core declarations-api.ts), so form and server refuse the same things with the same
 * message keys (`declarations.errors.*`).
 */
import {
  type ArrivalKey,
  type Declaration,
  declarationSchema,
  type NumberLocale,
  parseDecimalInput,
  type UnknownArrival,
  type UnknownGroup,
} from "@pulsemanager/core";

/** The answers a group offers; "sacrifice" only for the sacrifice group. */
export const QUICK_ANSWERS = ["zero", "income"] as const;
export const FORM_ANSWERS = ["own-transfer", "cost", "sacrifice"] as const;
export type QuickAnswer = (typeof QUICK_ANSWERS)[number];
export type FormAnswer = (typeof FORM_ANSWERS)[number];

/** The answers with a form offered for a group (the sacrifice first where it is one). */
export function formAnswersOf(group: Pick<UnknownGroup, "arrivalKind">): FormAnswer[] {
  return group.arrivalKind === "sacrifice" ? ["sacrifice", "own-transfer", "cost"] : ["own-transfer", "cost"];
}

/** Per arrival (same order as the group's): EUR and date as typed. */
export interface ArrivalFields {
  eur: string;
  acquiredOn: string;
}

export interface DeclarationFields {
  /** own-transfer: the wallet or exchange account it came from; sacrifice: what was given. */
  text: string;
  arrivals: ArrivalFields[];
}

/** Field names of the form: "text", or "<arrival index>.eur" / "<arrival index>.acquiredOn". */
export type FieldErrors = Record<string, string>;

export function emptyFields(group: Pick<UnknownGroup, "arrivals">): DeclarationFields {
  return { text: "", arrivals: group.arrivals.map(() => ({ eur: "", acquiredOn: "" })) };
}

/** The arrival key of an API arrival (the API's names, "native" or a lower-case address). */
export function arrivalKeyOf(arrival: Pick<UnknownArrival, "chainId" | "txHash" | "token" | "wallet">): ArrivalKey {
  return {
    chainId: arrival.chainId,
    txHash: arrival.txHash,
    token: arrival.token as ArrivalKey["token"],
    wallet: arrival.wallet,
  };
}

/** A typed euro amount as the API's decimal, or null when it is no number (the schema then names it). */
export function apiEur(text: string, locale: NumberLocale): string {
  const read = parseDecimalInput(text, locale);
  return read.ok ? read.value : text.trim();
}

function declarationOf(
  answer: QuickAnswer | FormAnswer,
  key: ArrivalKey,
  fields: DeclarationFields,
  arrival: ArrivalFields,
  locale: NumberLocale,
): Record<string, unknown> {
  if (answer === "zero" || answer === "income") return { ...key, kind: answer };
  const dated = { eur: apiEur(arrival.eur, locale), acquiredOn: arrival.acquiredOn.trim() };
  if (answer === "cost") return { ...key, kind: "cost", ...dated };
  if (answer === "own-transfer") return { ...key, kind: "own-transfer", from: fields.text, ...dated };
  return { ...key, kind: "sacrifice", given: fields.text, ...dated };
}

/**
 * What PUT /api/tax/declarations gets for a group's answer, or the message key of each field that is
 * wrong (checked with the server's schema as of `now`).
 */
export function declarationsOf(
  group: Pick<UnknownGroup, "arrivals">,
  answer: QuickAnswer | FormAnswer,
  fields: DeclarationFields,
  locale: NumberLocale,
  now: Date = new Date(),
): { declarations: Declaration[]; errors: null } | { declarations: null; errors: FieldErrors } {
  const schema = declarationSchema(now);
  const errors: FieldErrors = {};
  const declarations: Declaration[] = [];
  group.arrivals.forEach((arrival, i) => {
    const typed = fields.arrivals[i] ?? { eur: "", acquiredOn: "" };
    const parsed = schema.safeParse(declarationOf(answer, arrivalKeyOf(arrival), fields, typed, locale));
    if (parsed.success) declarations.push(parsed.data);
    else for (const issue of parsed.error.issues) errors[fieldOfPath(issue.path, i)] ??= issue.message;
  });
  return Object.keys(errors).length > 0 ? { declarations: null, errors } : { declarations, errors: null };
}

/** The form field of a schema path: "from"/"given" are the text; eur and acquiredOn are per arrival. */
function fieldOfPath(path: readonly PropertyKey[], arrival: number): string {
  const name = String(path.at(-1) ?? "");
  if (name === "from" || name === "given") return "text";
  if (name === "eur" || name === "acquiredOn") return `${arrival}.${name}`;
  return "_";
}

/**
 * The API's field errors of a PUT ("declarations.2.eur": "declarations.errors.eur") as the form's
 * fields; anything not about a field the user typed (the transaction, the token) goes to "_".
 */
export function formErrorsOfApi(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, key] of Object.entries(fields ?? {})) {
    const [, index, ...rest] = path.split(".");
    const arrival = Number(index);
    const field = Number.isInteger(arrival) ? fieldOfPath(rest, arrival) : "_";
    errors[field] ??= key;
  }
  return errors;
}
