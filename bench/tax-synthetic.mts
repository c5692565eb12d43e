/**
 * A deterministic synthetic transfer history for the tax benchmarks: normalised transfers (as the
 * history sync stores them) of N records over W own wallets and T tokens on chain 369, with EUR prices
 * per token and day. Realistic shapes: buys with PLS (2 records), sells for PLS (3: the zero-value
 * top-level record carrying the fee, the token out, the PLS back as an internal transfer), token
 * swaps (3), printer rewards from a distributor (1), own-wallet transfers (2), payments in and out,
 * approvals (fee only).
 */

import { mulberry32 } from "../apps/server/test/support/seeded-random.ts";
import type { AssetInfoLookup, EurPriceLookup, NormalizedTransfer } from "../packages/core/src/index.ts";

export interface SyntheticOptions {
  transfers: number;
  wallets?: number;
  tokens?: number;
  seed?: number;
  /** Unix seconds of the first transaction (default 2023-01-01T00:00:00Z). */
  start?: number;
  /** Days the history spans (default 730). */
  days?: number;
}

export interface SyntheticHistory {
  transfers: NormalizedTransfer[];
  wallets: string[];
  tokens: string[];
  distributor: string;
  prices: EurPriceLookup;
  assets: AssetInfoLookup;
}

const CHAIN = 369;
const hex40 = (prefix: number, i: number) =>
  `0x${prefix.toString(16).padStart(8, "0")}${i.toString(16).padStart(32, "0")}`;

export function syntheticTransfers(opts: SyntheticOptions): SyntheticHistory {
  const nWallets = opts.wallets ?? 10;
  const nTokens = opts.tokens ?? 500;
  const start = opts.start ?? 1_672_531_200;
  const days = opts.days ?? 730;
  const rnd = mulberry32(opts.seed ?? 42);
  const wallets = Array.from({ length: nWallets }, (_, i) => hex40(0xa11ce, i));
  const tokens = Array.from({ length: nTokens }, (_, i) => hex40(0x70ce, i));
  const router = hex40(0x4047e4, 1);
  const pair = hex40(0x4047e4, 2);
  const distributor = hex40(0xd157, 1);
  const outsider = hex40(0x0575, 1);
  const ONE = 10n ** 18n;

  // Each transaction type with its share and number of records.
  const estimatedTx = Math.ceil(opts.transfers / 2.1);
  const step = Math.max(1, Math.floor((days * 86_400) / estimatedTx));
  const held = new Map<string, bigint>();
  const key = (w: number, t: number) => `${w}:${t}`;
  const out: NormalizedTransfer[] = [];
  let txCounter = 0;
  let time = start;
  let block = 1;
  const rec = (
    txHash: string,
    logIndex: number,
    from: string,
    to: string,
    token: string,
    amount: bigint,
    fee: bigint,
    internal = false,
  ) => {
    out.push({
      chainId: CHAIN,
      txHash,
      logIndex,
      blockNumber: block,
      timestamp: time,
      from,
      to,
      token,
      amount: amount.toString(),
      fee: fee.toString(),
      methodId: null,
      internal,
    } as NormalizedTransfer);
  };
  const fee = () => BigInt(Math.floor(1_000 + rnd() * 9_000)) * 10n ** 15n; // 1-10 PLS
  const amountOf = () => BigInt(Math.floor(1 + rnd() * 10_000)) * ONE + BigInt(Math.floor(rnd() * 1e9)) * 10n ** 9n;

  // Opening balances: every wallet receives 1e9 PLS from outside on the first day.
  for (let w = 0; w < nWallets; w++) {
    const h = `0x${(txCounter++).toString(16).padStart(64, "0")}`;
    rec(h, -1, outsider, wallets[w] as string, "native", 1_000_000_000n * ONE, 0n);
    time += 1;
    block++;
  }

  while (out.length < opts.transfers) {
    const h = `0x${(txCounter++).toString(16).padStart(64, "0")}`;
    const w = Math.floor(rnd() * nWallets);
    const wallet = wallets[w] as string;
    const t = Math.floor(rnd() * nTokens);
    const token = tokens[t] as string;
    const r = rnd();
    if (r < 0.3) {
      // buy: PLS -> token
      const amount = amountOf();
      rec(h, -1, wallet, router, "native", BigInt(Math.floor(1 + rnd() * 1_000_000)) * ONE, fee());
      rec(h, 3, pair, wallet, token, amount, 0n);
      held.set(key(w, t), (held.get(key(w, t)) ?? 0n) + amount);
    } else if (r < 0.5) {
      // sell: token -> PLS (fee-carrying zero-value top-level record, token out, PLS in as internal)
      const have = held.get(key(w, t)) ?? 0n;
      if (have === 0n) continue;
      const amount = have / BigInt(1 + Math.floor(rnd() * 4));
      if (amount === 0n) continue;
      held.set(key(w, t), have - amount);
      rec(h, -1, wallet, router, "native", 0n, fee());
      rec(h, 2, wallet, pair, token, amount, 0n);
      rec(h, 0, router, wallet, "native", BigInt(Math.floor(1 + rnd() * 1_000_000)) * ONE, 0n, true);
    } else if (r < 0.65) {
      // swap: token -> other token
      const have = held.get(key(w, t)) ?? 0n;
      if (have === 0n) continue;
      const t2 = (t + 1 + Math.floor(rnd() * (nTokens - 1))) % nTokens;
      const amount = have / BigInt(1 + Math.floor(rnd() * 3));
      if (amount === 0n) continue;
      held.set(key(w, t), have - amount);
      const got = amountOf();
      held.set(key(w, t2), (held.get(key(w, t2)) ?? 0n) + got);
      rec(h, -1, wallet, router, "native", 0n, fee());
      rec(h, 1, wallet, pair, token, amount, 0n);
      rec(h, 4, pair, wallet, tokens[t2] as string, got, 0n);
    } else if (r < 0.8) {
      // printer reward from the distributor (sent by someone else)
      const amount = amountOf();
      rec(h, 7, distributor, wallet, token, amount, 0n);
      held.set(key(w, t), (held.get(key(w, t)) ?? 0n) + amount);
    } else if (r < 0.88) {
      // own-wallet transfer
      const have = held.get(key(w, t)) ?? 0n;
      if (have === 0n) continue;
      const w2 = (w + 1 + Math.floor(rnd() * (nWallets - 1))) % nWallets;
      const amount = have / 2n || have;
      held.set(key(w, t), have - amount);
      held.set(key(w2, t), (held.get(key(w2, t)) ?? 0n) + amount);
      rec(h, -1, wallet, token, "native", 0n, fee());
      rec(h, 0, wallet, wallets[w2] as string, token, amount, 0n);
    } else if (r < 0.93) {
      // a payment from outside (unknown cost)
      const amount = amountOf();
      rec(h, 5, outsider, wallet, token, amount, 0n);
      held.set(key(w, t), (held.get(key(w, t)) ?? 0n) + amount);
    } else if (r < 0.95) {
      // a payment to outside
      const have = held.get(key(w, t)) ?? 0n;
      if (have === 0n) continue;
      const amount = have / 5n || have;
      held.set(key(w, t), have - amount);
      rec(h, -1, wallet, token, "native", 0n, fee());
      rec(h, 0, wallet, outsider, token, amount, 0n);
    } else {
      // approve: fee only
      rec(h, -1, wallet, token, "native", 0n, fee());
    }
    time += step;
    block++;
  }
  out.length = Math.min(out.length, opts.transfers);

  // EUR per token and day: a wave around a per-token base price; PLS around 0.00003.
  // Quotes are made once per token and day, as a price cache would hold them.
  const table = new Map<string, { eur: string; source: string }[]>();
  const nDays = Math.ceil((time - start) / 86_400) + 2;
  const wave = (base: number, phase: number) =>
    Array.from({ length: nDays }, (_, d) => ({
      eur: (base * (1 + 0.5 * Math.sin(d / 30 + phase))).toFixed(12),
      source: "synthetic",
    }));
  table.set(`${CHAIN}:native`, wave(0.00003, 0));
  for (let i = 0; i < nTokens; i++) table.set(`${CHAIN}:${tokens[i]}`, wave(0.001 + (i % 50) * 0.05, i));
  const prices: EurPriceLookup = (asset, t) => {
    const row = table.get(asset);
    return row?.[Math.floor((t - start) / 86_400)];
  };
  const info = new Map<string, { symbol: string; decimals: number }>();
  info.set(`${CHAIN}:native`, { symbol: "PLS", decimals: 18 });
  for (let i = 0; i < nTokens; i++) info.set(`${CHAIN}:${tokens[i]}`, { symbol: `T${i}`, decimals: 18 });
  return { transfers: out, wallets, tokens, distributor, prices, assets: (a) => info.get(a) };
}
