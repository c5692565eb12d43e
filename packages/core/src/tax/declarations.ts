/**
 * The user's declarations applied (README.md, "Declarations"): an arrival of unknown acquisition is
 * booked as what the user said it was, and units missing at a disposal (insufficient holdings, the
 * sacrifice) get the declared date and cost. Keyed as the engine sees events: the row's hash, the
 * wallet and the asset key. Looked up only for `unknown-in` events and for missing units, never per lot.
 */
import type { Declaration, StoredDeclaration } from "./declarations-api.ts";
import { parseEur } from "./fixed.ts";
import type { DeclaredArrival, DeclaredStatement, TaxEvent, TaxLeg } from "./types.ts";

/** API declarations (chain, transaction, token, wallet) in the engine's terms. */
export function declaredArrivals(declarations: readonly (Declaration | StoredDeclaration)[]): DeclaredArrival[] {
  return declarations.map((d) => ({
    ...statementOf(d),
    hash: d.txHash.toLowerCase(),
    wallet: d.wallet.toLowerCase(),
    asset: `${d.chainId}:${d.token.toLowerCase()}`,
  }));
}

/** What a row shows of a declaration: the kind and the user's values, nothing of its key. */
export function statementOf(d: DeclaredStatement): DeclaredStatement {
  const s: DeclaredStatement = { kind: d.kind };
  if (d.eur !== undefined) s.eur = d.eur;
  if (d.acquiredOn !== undefined) s.acquiredOn = d.acquiredOn;
  if (d.from !== undefined) s.from = d.from;
  if (d.given !== undefined) s.given = d.given;
  return s;
}

/**
 * Unix seconds of the declared acquisition (12:00 UTC of the date: the same German day), never after
 * `latest` (the arrival, or the disposal that found the units missing): nothing is acquired after it arrived.
 */
export function declaredAcquisitionTime(d: DeclaredStatement, latest: number): number {
  if (d.acquiredOn === undefined || d.kind === "zero" || d.kind === "income") return latest;
  const t = Math.floor(Date.parse(`${d.acquiredOn}T12:00:00Z`) / 1000);
  return Number.isNaN(t) ? latest : Math.min(t, latest);
}

/** The declared cost in atto-euros (zero: 0; income has none of its own: null). */
export function declaredCost(d: DeclaredStatement): bigint | null {
  if (d.kind === "income") return null;
  if (d.kind === "zero") return 0n;
  return parseEur(d.eur ?? "0");
}

/** The event that books one declared leg of an arrival, in the user's words. */
function declaredEvent(ev: TaxEvent, leg: TaxLeg, d: DeclaredArrival, first: boolean): TaxEvent {
  const base: TaxEvent = {
    time: ev.time,
    kind: "buy",
    given: [],
    received: [leg],
    txHash: ev.txHash,
    chainId: ev.chainId,
    blockNumber: ev.blockNumber,
    id: ev.id,
    note: ev.note,
    fee: first ? ev.fee : undefined,
    feeEur: first ? ev.feeEur : undefined,
    valueFrom: "received",
    declared: statementOf(d),
  };
  switch (d.kind) {
    case "income":
      // The market value on arrival: the input's own value of the arrival when it has one, else priced.
      return { ...base, kind: "income", typ: "ROI", eur: ev.received.length === 1 ? ev.eur : undefined };
    case "zero":
      return { ...base, typ: "Kauf", eur: "0" };
    case "own-transfer":
      return { ...base, typ: "Transfer", eur: d.eur, acquiredAt: declaredAcquisitionTime(d, ev.time) };
    default:
      return { ...base, typ: "Kauf", eur: d.eur, acquiredAt: declaredAcquisitionTime(d, ev.time) };
  }
}

/** The declarations by hash, then wallet and asset (few per transaction: a list). */
export class DeclarationIndex {
  private readonly byHash = new Map<string, DeclaredArrival[]>();

  constructor(declared: readonly DeclaredArrival[]) {
    for (const d of declared) {
      const hash = normalHash(d.hash);
      const list = this.byHash.get(hash);
      if (list) list.push(d);
      else this.byHash.set(hash, [d]);
    }
  }

  get size(): number {
    return this.byHash.size;
  }

  find(hash: string, wallet: string, asset: string): DeclaredArrival | undefined {
    const list = this.byHash.get(normalHash(hash));
    if (!list) return undefined;
    for (const d of list) if (d.wallet === wallet && d.asset === asset) return d;
    if (!wallet.startsWith("0x")) return undefined;
    const w = wallet.toLowerCase();
    const a = asset.toLowerCase();
    return list.find((d) => d.wallet === w && d.asset === a);
  }

  /**
   * An `unknown-in` with declared legs as the events that book them (the undeclared legs, if any,
   * stay one `unknown-in`, first); null when no leg is declared.
   */
  split(ev: TaxEvent): TaxEvent[] | null {
    const hash = ev.txHash ?? ev.id;
    if (hash === undefined || !this.byHash.has(normalHash(hash))) return null;
    const declared: TaxEvent[] = [];
    const rest: TaxLeg[] = [];
    for (const leg of ev.received) {
      const d = this.find(hash, leg.wallet, leg.asset);
      if (d) declared.push(declaredEvent(ev, leg, d, rest.length === 0 && declared.length === 0));
      else rest.push(leg);
    }
    if (declared.length === 0) return null;
    if (rest.length === 0) return declared;
    const feeless = declared.map((e) => ({ ...e, fee: undefined, feeEur: undefined }));
    return [{ ...ev, received: rest }, ...feeless];
  }
}

/** Transaction hashes compare in lower case; ids of manual entries as they are. */
function normalHash(hash: string): string {
  return hash.startsWith("0x") || hash.startsWith("0X") ? hash.toLowerCase() : hash;
}
