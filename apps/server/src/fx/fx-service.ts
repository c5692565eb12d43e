import { type RateOnDay, usdPerEurOn } from "@pulsemanager/core";
import type { Db } from "../db/client.ts";
import { fxRates } from "../db/schema.ts";
import type { EcbClient, EcbFile } from "./ecb.ts";

/**
 * Euro reference rates (US dollars per euro): stored ECB publications, fetched
 * when a requested day is not covered; weekends and holidays take the last
 * published rate before them.
 */
export class FxService {
  private cache: Map<string, string> | undefined;
  /** Who published each stored day's rate ("ecb", or "demo" in the offline demo). */
  private readonly sources = new Map<string, string>();

  constructor(private readonly deps: { db: Db; ecb?: EcbClient; today?: () => string }) {}

  /** Whether rates come from the ECB (not offline, not the demo's fixed rate). */
  get usesEcb(): boolean {
    return this.deps.ecb !== undefined;
  }

  /**
   * Asks the ECB itself for its daily file (the debug monitor's check that it is reachable): the
   * newest rate it publishes, or null without an ECB (offline, or a demo rate).
   */
  async probeEcb(): Promise<{ rateDate: string; rate: string } | null> {
    if (!this.deps.ecb) return null;
    const daily = await this.deps.ecb.usdPerEur("daily");
    const newest = [...daily.keys()].sort().at(-1);
    if (!newest) throw new Error("empty daily file");
    return { rateDate: newest, rate: daily.get(newest) as string };
  }

  private async stored(): Promise<Map<string, string>> {
    if (!this.cache) {
      const rows = await this.deps.db.select().from(fxRates);
      this.cache = new Map(rows.map((r) => [r.day, r.usdPerEur]));
      for (const r of rows) this.sources.set(r.day, r.source);
    }
    return this.cache;
  }

  /** Who published a day's rate (a rateDate answered by usdPerEur): "ecb" unless stored otherwise. */
  sourceOf(rateDate: string): string {
    return this.sources.get(rateDate) ?? "ecb";
  }

  async usdPerEur(days: readonly string[]): Promise<{ rates: Map<string, RateOnDay | undefined>; problems: string[] }> {
    const problems: string[] = [];
    let rates = await this.stored();
    const sorted = [...days].sort();
    const first = sorted[0];
    const last = sorted.at(-1);
    const known = [...rates.keys()].sort();
    const today = (this.deps.today ?? (() => new Date().toISOString().slice(0, 10)))();
    const covered =
      first !== undefined &&
      last !== undefined &&
      known.length > 0 &&
      (known[0] as string) <= first &&
      ((known.at(-1) as string) >= last || (known.at(-1) as string) >= previousBusinessDay(today));
    if (!covered && first !== undefined && this.deps.ecb) {
      const file: EcbFile = daysBetween(first, today) > 85 ? "hist" : "hist-90d";
      try {
        const fetched = await this.deps.ecb.usdPerEur(file);
        const rows = [...fetched]
          .filter(([day]) => !rates.has(day))
          .map(([day, usdPerEur]) => ({ day, usdPerEur, source: "ecb" }));
        for (let i = 0; i < rows.length; i += 1000)
          await this.deps.db
            .insert(fxRates)
            .values(rows.slice(i, i + 1000))
            .onConflictDoNothing();
        for (const r of rows) {
          rates.set(r.day, r.usdPerEur);
          this.sources.set(r.day, r.source);
        }
      } catch (err) {
        problems.push(`ecb ${file}: ${(err as Error).message}`);
      }
      rates = await this.stored();
    }
    const out = new Map<string, RateOnDay | undefined>();
    for (const d of days) {
      const r = usdPerEurOn(d, rates);
      out.set(d, r);
      if (!r) problems.push(`no euro reference rate on or before ${d}`);
    }
    return { rates: out, problems: [...new Set(problems)] };
  }
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The ECB publishes around 16:00 CET on business days: yesterday's (or Friday's) rate is the newest to expect. */
function previousBusinessDay(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() - 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return d.toISOString().slice(0, 10);
}
