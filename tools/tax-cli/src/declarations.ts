/**
 * The command line's declarations (../README.md, "Declarations"): what the user says about an event's
 * arrival of unknown cost, or about units its disposal found missing, keyed by the event's `id` or
 * `txHash` (and by default its wallet and asset). Checked here with messages that name the entry; the
 * EUR and date rules are those of the web app's declarations (core's declarations-api.ts).
 */
import {
  DECLARATION_KINDS,
  type DeclarationKind,
  type DeclaredArrival,
  type DeclaredStatement,
  declaredDateSchema,
  declaredEurSchema,
  type TaxEvent,
} from "@pulsemanager/core";

/** The fields each kind needs besides `event` and `kind`. */
const FIELDS: Readonly<Record<DeclarationKind, readonly ("eur" | "acquiredOn" | "from" | "given")[]>> = {
  cost: ["eur", "acquiredOn"],
  zero: [],
  income: [],
  "own-transfer": ["from", "eur", "acquiredOn"],
  sacrifice: ["given", "eur", "acquiredOn"],
};
const KEY_FIELDS: readonly string[] = ["event", "wallet", "asset", "kind"];

/** The shared schemas' messages are message keys of the web app: here in words. */
const WORDS: Record<string, string> = {
  "declarations.errors.eur": 'EUR as a string with a point and at most 2 decimals, not negative, e.g. "120.50"',
  "declarations.errors.date": "a date YYYY-MM-DD",
  "declarations.errors.dateTooEarly": "a date from 2009-01-03 on",
  "declarations.errors.dateInFuture": "a date not after today",
};

type Entry = Record<string, unknown>;

function optionalText(entry: Entry, name: string): string | undefined {
  const v = entry[name];
  if (v === undefined) return undefined;
  if (typeof v !== "string" || v.trim() === "" || v.trim().length > 100)
    throw new Error(`${name}: a text of 1 to 100 characters`);
  return v.trim();
}

/** The statement of one entry, its values checked. */
function statementOfEntry(entry: Entry, now: Date): DeclaredStatement {
  const kind = entry.kind as DeclarationKind;
  if (!DECLARATION_KINDS.includes(kind)) throw new Error(`kind: one of ${DECLARATION_KINDS.join(", ")}`);
  const allowed: readonly string[] = [...KEY_FIELDS, ...FIELDS[kind]];
  const unknown = Object.keys(entry).find((k) => !allowed.includes(k));
  if (unknown) throw new Error(`${unknown}: not a field of a ${kind} declaration`);
  const s: DeclaredStatement = { kind };
  for (const field of FIELDS[kind]) {
    if (entry[field] === undefined) throw new Error(`${field}: needed for ${kind}`);
    if (field === "eur" || field === "acquiredOn") {
      const r = (field === "eur" ? declaredEurSchema : declaredDateSchema(now)).safeParse(entry[field]);
      if (!r.success) throw new Error(`${field}: ${WORDS[r.error.issues[0]?.message ?? ""] ?? "invalid"}`);
      s[field] = r.data;
    } else s[field] = optionalText(entry, field);
  }
  return s;
}

/**
 * The declarations of the input for the engine. Throws an Error naming the entry (`declarations[2]`)
 * for a bad entry, an event that is not there, or `income` for an event that is not an arrival.
 */
export function cliDeclarations(raw: unknown, events: readonly TaxEvent[], now = new Date()): DeclaredArrival[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new Error('declarations: a list of {"event": ..., "kind": ...}');
  return raw.map((entry, i) => {
    try {
      if (typeof entry !== "object" || entry === null || Array.isArray(entry))
        throw new Error('an object {"event": ..., "kind": ...}');
      const e = entry as Entry;
      const event = optionalText(e, "event");
      if (event === undefined) throw new Error("event: the id or txHash of the event");
      const statement = statementOfEntry(e, now);
      const ev = events.find((x) => x.id === event || x.txHash === event);
      if (!ev) throw new Error(`event: no event with id or txHash ${event}`);
      if (statement.kind === "income" && ev.kind !== "unknown-in")
        throw new Error(
          `kind: income only for an arrival (type unknown-in); units missing at a ${ev.kind} have no value on arrival`,
        );
      // The event's own leg: what arrived, else what it gave (where units can be missing).
      const leg = ev.kind === "unknown-in" ? ev.received[0] : (ev.given[0] ?? ev.received[0]);
      return {
        ...statement,
        hash: ev.txHash ?? ev.id ?? event,
        wallet: optionalText(e, "wallet") ?? leg?.wallet ?? "",
        asset: optionalText(e, "asset") ?? leg?.asset ?? "",
      };
    } catch (error) {
      throw new Error(`declarations[${i}]: ${(error as Error).message}`);
    }
  });
}
