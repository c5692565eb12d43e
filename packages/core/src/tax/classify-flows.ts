/**
 * The netted flows of one transaction: per own wallet and asset, what came in minus what went out.
 * Fee-on-transfer tokens and refunds fold into the trade this way. The flow objects are reused from
 * one transaction to the next (a million transfers: no garbage that is not needed), so the table
 * holds a count instead of emptying its array.
 */
import type { TaxLeg } from "./types.ts";

export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

export interface Flow {
  wallet: string;
  asset: string;
  token: string;
  net: bigint;
  counterparty: string;
  /** Every inflow of this flow came from the zero address (a mint). */
  minted: boolean;
}

export class FlowTable {
  /** The flows of the transaction are the first `count`. */
  readonly flows: Flow[] = [];
  count = 0;

  reset(): void {
    this.count = 0;
  }

  /** Adds one record's amount: positive when it arrived in `wallet`, negative when it left. */
  add(wallet: string, asset: string, token: string, amount: bigint, counterparty: string, from: string): void {
    let f = this.find(wallet, asset);
    if (f) f.net += amount;
    else f = this.push(wallet, asset, token, amount, counterparty);
    if (amount > 0n && from !== ZERO_ADDRESS) f.minted = false;
  }

  /** Flows that gave (sign -1) or received (sign 1). */
  countSide(sign: -1 | 1): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      const net = (this.flows[i] as Flow).net;
      if (sign < 0 ? net < 0n : net > 0n) n++;
    }
    return n;
  }

  /** The `count` legs of the flows on one side; the usual single one as a literal [leg]. */
  legs(sign: -1 | 1, count: number): TaxLeg[] {
    const legs: TaxLeg[] = [];
    for (let i = 0; i < this.count; i++) {
      const f = this.flows[i] as Flow;
      if (sign < 0 ? f.net >= 0n : f.net <= 0n) continue;
      const leg = legOf(f);
      if (count === 1) return [leg];
      legs.push(leg);
    }
    return legs;
  }

  private find(wallet: string, asset: string): Flow | undefined {
    for (let i = 0; i < this.count; i++) {
      const f = this.flows[i] as Flow;
      if (f.wallet === wallet && f.asset === asset) return f;
    }
    return undefined;
  }

  private push(wallet: string, asset: string, token: string, net: bigint, counterparty: string): Flow {
    let f = this.flows[this.count];
    if (f) {
      f.wallet = wallet;
      f.asset = asset;
      f.token = token;
      f.net = net;
      f.counterparty = counterparty;
      f.minted = true;
    } else {
      f = { wallet, asset, token, net, counterparty, minted: true };
      this.flows.push(f);
    }
    this.count++;
    return f;
  }
}

/** The leg of one flow (the amount always positive). */
export function legOf(f: Flow): TaxLeg {
  return { wallet: f.wallet, asset: f.asset, amount: f.net < 0n ? -f.net : f.net, counterparty: f.counterparty };
}
