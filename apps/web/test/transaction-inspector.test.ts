import { readFileSync } from "node:fs";
import { join } from "node:path";
import { INSPECTOR_PRESET, type InspectorPage, type InspectorTransaction } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import {
  type LoadProgress,
  loadAllTransactions,
  StuckCursorError,
  validateInspectorInput,
} from "../src/features/debug/inspector-api.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const CORE_API = join(import.meta.dirname, "../../../packages/core/src/debug/inspector-api.ts");
const WALLET = "0xba1393da1eeb9c43fe560273e3ad3202ae21fff2";
const query = { address: WALLET, chainId: 369, token: INSPECTOR_PRESET.token } as const;

function lookup(lang: string, key: string): unknown {
  const catalogue = JSON.parse(readFileSync(join(LOCALES, lang, "debug.json"), "utf8")) as Record<string, unknown>;
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

function row(n: number): InspectorTransaction {
  return {
    chainId: 369,
    hash: `0x${n.toString(16).padStart(64, "0")}`,
    logIndex: 0,
    blockNumber: n,
    timestamp: 1_700_000_000 + n,
    from: "0x1111111111111111111111111111111111111111",
    to: WALLET,
    direction: "in",
    amount: "1",
    tokenSymbol: "WGEP",
    tokenDecimal: 18,
    roiIncome: n % 2 === 0,
  };
}

/** A server of `total` rows in pages of `size`, cursor = offset. */
function pages(total: number, size: number) {
  const asked: Array<string | undefined> = [];
  const fetchPage = async (_q: unknown, cursor?: string): Promise<InspectorPage> => {
    asked.push(cursor);
    const offset = cursor ? Number(cursor) : 0;
    const rows = Array.from({ length: Math.min(size, total - offset) }, (_, i) => row(offset + i));
    const next = offset + rows.length;
    return {
      transactions: rows,
      total,
      roiIncomeTotal: Math.ceil(total / 2),
      nextCursor: next < total ? String(next) : null,
      token: { address: INSPECTOR_PRESET.token, symbol: "WGEP", decimals: 18 },
      partial: false,
      problems: [],
    };
  };
  return { fetchPage, asked };
}

describe("load all transactions", () => {
  it("walks every page with progress up to 100 %", async () => {
    const { fetchPage, asked } = pages(250, 100);
    const seen: LoadProgress[] = [];
    const result = await loadAllTransactions(query, (p) => seen.push(p), fetchPage);
    expect(asked).toEqual([undefined, "100", "200"]);
    expect(result.transactions.length).toBe(250);
    expect(result.total).toBe(250);
    expect(result.roiIncomeTotal).toBe(125);
    expect(seen.map((p) => p.percent)).toEqual([40, 80, 100]);
    expect(seen.at(-1)).toEqual({ percent: 100, loaded: 250, total: 250 });
  });

  it("an empty history is loaded at once (100 %)", async () => {
    const seen: LoadProgress[] = [];
    const result = await loadAllTransactions(query, (p) => seen.push(p), pages(0, 100).fetchPage);
    expect(result.transactions).toEqual([]);
    expect(seen).toEqual([{ percent: 100, loaded: 0, total: 0 }]);
  });

  it("stops when the list does not advance, and on a failed page", async () => {
    // The server keeps answering the same cursor.
    const stuck = async (q: unknown, cursor?: string) => ({
      ...(await pages(10, 5).fetchPage(q, cursor)),
      nextCursor: "5",
    });
    await expect(loadAllTransactions(query, () => undefined, stuck)).rejects.toBeInstanceOf(StuckCursorError);
    let calls = 0;
    const failing = async (q: unknown, c?: string) => {
      calls++;
      if (c) throw new Error("down");
      return pages(10, 5).fetchPage(q, c);
    };
    await expect(loadAllTransactions(query, () => undefined, failing)).rejects.toThrow("down");
    expect(calls).toBe(2);
  });
});

describe("the inspector's form", () => {
  it("checks the input with the server's schema: the WGEP preset is valid", () => {
    expect(
      validateInspectorInput({
        address: WALLET.toUpperCase().replace("0X", "0x"),
        chainId: 369,
        token: INSPECTOR_PRESET.token,
      }),
    ).toEqual({
      ok: true,
      query: { address: WALLET, chainId: 369, token: INSPECTOR_PRESET.token },
    });
    expect(validateInspectorInput({ address: "0x1", chainId: 56, token: "WGEP" })).toEqual({
      ok: false,
      fields: {
        address: "inspector.invalidAddress",
        chainId: "inspector.invalidChain",
        token: "inspector.invalidToken",
      },
    });
  });

  it("every message key of the shared schema is translated in both languages", () => {
    const keys = [...readFileSync(CORE_API, "utf8").matchAll(/"(inspector\.\w+)"/g)].map((m) => m[1] as string);
    expect(new Set(keys).size).toBeGreaterThanOrEqual(4);
    for (const lang of ["de", "en"])
      for (const key of keys) expect(typeof lookup(lang, key), `${lang}: ${key}`).toBe("string");
  });

  it("names every source the server answers with", () => {
    for (const lang of ["de", "en"])
      for (const source of ["stored", "blockscout-api", "blockscout-v2", "rpc", "none"])
        expect(typeof lookup(lang, `inspector.sources.${source}`)).toBe("string");
  });
});
