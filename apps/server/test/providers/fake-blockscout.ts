/**
 * A Blockscout instance over one synthetic wallet, answering in the recorded real formats
 * (the recorded Blockscout answers fake-http.ts loads): `/api` tokentx / txlist /
 * txlistinternal (block filters, sort=asc, page + offset with the 10,000-row window), `/api` eth_block_number,
 * `/api/v2/addresses/{a}/token-transfers|transactions|internal-transactions` (newest first, keyset pages of 50)
 * and `/counters`. Optional latency per answered request and a per-second limit answered by 429 with
 * Retry-After (Blockscout's limiter counts fixed time windows). Used by the sync tests and `npm run bench -- sync`.
 */

import { mulberry32 } from "../support/seeded-random.ts";
import {
  example,
  type Fake,
  type FakeReply,
  type FakeRequest,
  loadProviderFile,
  startFake,
  synthHash,
} from "./fake-http.ts";

type Row = Record<string, unknown>;

export interface SyntheticWallet {
  wallet: string;
  /** Counterparty of every record. */
  other: string;
  firstBlock: number;
  /** Makes the hashes differ from another synthetic wallet's (several in one database). */
  salt: number;
  /** The explorer's newest block. */
  head: number;
  tokenTransfers: Rec[];
  transactions: Rec[];
  internals: Rec[];
}

/** One record: its block, its position in the block, and a number that makes its fields unique. */
export interface Rec {
  block: number;
  index: number;
  n: number;
  outgoing: boolean;
}

const PULSE_BLOCK_SECONDS = 10;
const FIRST_TIME = 1_672_531_200; // 2023-01-01

function records(count: number, firstBlock: number, span: number, seed: number): Rec[] {
  const next = mulberry32(seed);
  const blocks = Array.from({ length: count }, () => firstBlock + Math.floor(next() * span)).sort((a, b) => a - b);
  let prev = -1;
  let index = 0;
  return blocks.map((block, n) => {
    index = block === prev ? index + 1 : 0;
    prev = block;
    return { block, index, n, outgoing: next() < 0.4 };
  });
}

/** A wallet with the given counts spread over `years` of PulseChain blocks (10 s each). */
export function syntheticWallet(
  counts: { tokenTransfers: number; transactions: number; internals: number },
  o: { years?: number; firstBlock?: number; wallet?: string; salt?: number } = {},
): SyntheticWallet {
  const firstBlock = o.firstBlock ?? 17_000_000;
  const span = Math.round(((o.years ?? 3) * 365 * 86_400) / PULSE_BLOCK_SECONDS);
  return {
    wallet: o.wallet ?? "0xba1393da1eeb9c43fe560273e3ad3202ae21fff2",
    salt: o.salt ?? 0,
    other: "0x7bd3d113e51fc4c2628a095590287f3a3aed59eb",
    firstBlock,
    head: firstBlock + span + 1000,
    tokenTransfers: records(counts.tokenTransfers, firstBlock, span, 1),
    transactions: records(counts.transactions, firstBlock, span, 2),
    internals: records(counts.internals, firstBlock, span, 3),
  };
}

const timeOf = (block: number) => FIRST_TIME + (block - 17_000_000) * PULSE_BLOCK_SECONDS;
const TOKEN = "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39";
const API = loadProviderFile("blockscout-etherscan-api.json");
const V2 = loadProviderFile("blockscout-v2-api.json");
const W = "0xba1393da1eeb9c43fe560273e3ad3202ae21fff2";
const apiEx = (key: string) => example(API, `GET /api?${key}`);
const TEMPLATES = {
  tokentx: apiEx(
    `module=account&action=tokentx&address=${W}&startblock=22000000&endblock=99999999&page=1&offset=100&sort=asc`,
  ).result[0] as Row,
  txlist: apiEx(`module=account&action=txlist&address=${W}&startblock=0&endblock=99999999&page=1&offset=100&sort=asc`)
    .result[0] as Row,
  txlistinternal: apiEx(
    `module=account&action=txlistinternal&address=${W}&startblock=0&endblock=99999999&page=1&offset=100&sort=asc`,
  ).result[0] as Row,
  v2TokenTransfer: example(V2, `GET https://eth.blockscout.com/api/v2/addresses/${W}/token-transfers?type=ERC-20`)
    .items[0] as Row,
  v2Transaction: example(V2, `GET https://eth.blockscout.com/api/v2/addresses/${W}/transactions`).items[0] as Row,
};
const EMPTY_MESSAGES = {
  tokentx: "No token transfers found",
  txlist: "No transactions found",
  txlistinternal: "No internal transactions found",
};
const party = (w: SyntheticWallet, r: Rec) =>
  r.outgoing ? { from: w.wallet, to: w.other } : { from: w.other, to: w.wallet };

function apiRow(w: SyntheticWallet, list: keyof typeof EMPTY_MESSAGES, r: Rec): Row {
  const common = { blockNumber: String(r.block), timeStamp: String(timeOf(r.block)), ...party(w, r) };
  if (list === "tokentx")
    return {
      ...TEMPLATES.tokentx,
      ...common,
      hash: synthHash(r.n, 1 + 3 * w.salt),
      logIndex: String(r.index),
      contractAddress: TOKEN,
      value: String(r.n + 1),
    };
  if (list === "txlist")
    return {
      ...TEMPLATES.txlist,
      ...common,
      hash: synthHash(r.n, 2 + 3 * w.salt),
      value: String(r.n + 1),
      isError: "0",
      txreceipt_status: "1",
    };
  return {
    ...TEMPLATES.txlistinternal,
    ...common,
    transactionHash: synthHash(r.n, 3 + 3 * w.salt),
    index: String(r.index),
    value: String(r.n + 1),
    isError: "0",
  };
}

const hashObj = (hash: string) => ({ hash });
function v2Item(w: SyntheticWallet, list: V2List, r: Rec): Row {
  const p = party(w, r);
  const common = {
    block_number: r.block,
    timestamp: new Date(timeOf(r.block) * 1000).toISOString(),
    from: hashObj(p.from),
    to: hashObj(p.to),
  };
  if (list === "token-transfers")
    return {
      ...TEMPLATES.v2TokenTransfer,
      ...common,
      log_index: r.index,
      transaction_hash: synthHash(r.n, 1 + 3 * w.salt),
      total: { decimals: "8", value: String(r.n + 1) },
    };
  if (list === "transactions")
    return {
      ...TEMPLATES.v2Transaction,
      ...common,
      hash: synthHash(r.n, 2 + 3 * w.salt),
      position: r.index,
      value: String(r.n + 1),
      raw_input: "0x",
    };
  return {
    ...common,
    transaction_hash: synthHash(r.n, 3 + 3 * w.salt),
    index: r.index,
    transaction_index: 0,
    type: "call",
    value: String(r.n + 1),
    success: true,
    error: null,
    created_contract: null,
  };
}

type V2List = "token-transfers" | "transactions" | "internal-transactions";

/** First position whose block is >= `block` (records are sorted by block). */
function lowerBound(recs: Rec[], block: number): number {
  let lo = 0;
  let hi = recs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((recs[mid] as Rec).block < block) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function answerApi(w: SyntheticWallet, q: URLSearchParams): FakeReply {
  const action = q.get("action") ?? "";
  if (action === "eth_block_number") return { json: { jsonrpc: "2.0", id: 1, result: `0x${w.head.toString(16)}` } };
  if (!(action in EMPTY_MESSAGES))
    return { status: 400, json: { message: "Unknown action", result: null, status: "0" } };
  const list = action as keyof typeof EMPTY_MESSAGES;
  const page = Number(q.get("page") ?? 1);
  const offset = Number(q.get("offset") ?? 10_000);
  if (offset > 10_000 || page * offset > 10_000)
    return {
      json: {
        message: "Result window is too large, PageNo x Offset size must be less than or equal to 10000",
        result: null,
        status: "0",
      },
    };
  if (q.get("sort") !== "asc")
    return { status: 400, json: { message: "the fake serves sort=asc only", result: null, status: "0" } };
  const recs = list === "tokentx" ? w.tokenTransfers : list === "txlist" ? w.transactions : w.internals;
  const start = lowerBound(recs, Number(q.get("startblock") ?? 0));
  const end = q.has("endblock") ? lowerBound(recs, Number(q.get("endblock")) + 1) : recs.length;
  const from = start + (page - 1) * offset;
  const slice = recs.slice(from, Math.min(end, from + offset));
  if (slice.length === 0) return { json: { message: EMPTY_MESSAGES[list], result: [], status: "0" } };
  return { json: { message: "OK", result: slice.map((r) => apiRow(w, list, r)), status: "1" } };
}

function answerV2(w: SyntheticWallet, path: string, q: URLSearchParams): FakeReply {
  const m = /^\/api\/v2\/addresses\/(0x[0-9a-fA-F]{40})(?:\/([a-z-]+))?$/.exec(path);
  if (!m || m[1]?.toLowerCase() !== w.wallet) return { status: 404, json: { message: "Not found" } };
  const what = m[2];
  if (what === "counters")
    return {
      json: {
        gas_usage_count: "0",
        token_transfers_count: String(w.tokenTransfers.length),
        transactions_count: String(w.transactions.length),
        validations_count: "0",
      },
    };
  if (what !== "token-transfers" && what !== "transactions" && what !== "internal-transactions")
    return { status: 404, json: { message: "Not found" } };
  const recs = what === "token-transfers" ? w.tokenTransfers : what === "transactions" ? w.transactions : w.internals;
  // Newest first; a keyset (block_number, index) names the last item of the previous page.
  let end = recs.length;
  if (q.has("block_number")) {
    const bn = Number(q.get("block_number"));
    const index = Number(q.get("index"));
    end = lowerBound(recs, bn);
    while (end < recs.length && (recs[end] as Rec).block === bn && (recs[end] as Rec).index < index) end++;
  }
  const page = recs.slice(Math.max(0, end - 50), end).reverse();
  const count = Number(q.get("items_count") ?? 0) + page.length;
  const last = page.at(-1);
  const more = end - 50 > 0 && last;
  return {
    json: {
      items: page.map((r) => v2Item(w, what, r)),
      next_page_params: more
        ? {
            block_number: last.block,
            index: last.index,
            items_count: count,
            ...(what === "internal-transactions" ? { transaction_index: 0 } : {}),
          }
        : null,
    },
  };
}

export interface FakeBlockscoutOptions {
  /** Wait before each answer that is not a 429. */
  latencyMs?: number;
  /** Requests per second the fake answers; above it HTTP 429 with Retry-After (fixed one-second windows). */
  ratePerSecond?: number;
}

export interface FakeBlockscout extends Fake {
  stats: { requests: number; rateLimited: number; byList: Record<string, number> };
  /** Clears the counters. */
  reset(): void;
}

/** Serves the wallet at `${url}/api` and `${url}/api/v2`. */
export async function startFakeBlockscout(w: SyntheticWallet, o: FakeBlockscoutOptions = {}): Promise<FakeBlockscout> {
  const stats = { requests: 0, rateLimited: 0, byList: {} as Record<string, number> };
  let window = -1;
  let inWindow = 0;
  const handler = async (req: FakeRequest): Promise<FakeReply> => {
    stats.requests++;
    const v2 = req.path.startsWith("/api/v2/");
    if (o.ratePerSecond !== undefined) {
      const now = Date.now();
      const current = Math.floor(now / 1000);
      if (current !== window) {
        window = current;
        inWindow = 0;
      }
      if (inWindow >= o.ratePerSecond) {
        stats.rateLimited++;
        return {
          status: 429,
          headers: { "retry-after": String(Math.max(1, Math.ceil((current + 1) * 1000 - now) / 1000)) },
          json: v2 ? { message: "Too Many Requests" } : { message: "Too Many Requests", result: null, status: "0" },
        };
      }
      inWindow++;
    }
    const key = v2 ? (req.path.split("/").at(-1) ?? "") : (req.query.get("action") ?? "");
    stats.byList[key] = (stats.byList[key] ?? 0) + 1;
    const reply = v2 ? answerV2(w, req.path, req.query) : answerApi(w, req.query);
    if (o.latencyMs) await new Promise((r) => setTimeout(r, o.latencyMs));
    return reply;
  };
  const fake = await startFake(handler);
  return {
    ...fake,
    stats,
    reset() {
      stats.requests = 0;
      stats.rateLimited = 0;
      stats.byList = {};
    },
  };
}
