/**
 * The stored result is the result's JSON, gzip-compressed, its rows last and written in pieces: it
 * unzips to exactly what JSON.stringify writes of it with the rows last (also with rows and holdings
 * over several pieces and strings, a last one not full, texts beyond Latin-1), and its head (everything
 * but the rows) is read without the rows.
 */
import { gunzipSync } from "node:zlib";
import type { WalletReportResult } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { gzipReportResult } from "../src/tax-report/result-gzip.ts";
import { readResultHead } from "../src/tax-report/result-head.ts";

function resultWith(rows: number): WalletReportResult {
  const transactions = Array.from({ length: rows }, (_, i) => ({
    id: `row-${i}`,
    description: `Verkauf ${i} – Bärentöter "x" T1 → T2 😀`,
    amount: `${i}.${String(i * 7919).padStart(6, "0")}`,
  }));
  return {
    address: "all",
    year: 2024,
    summary: { total: rows },
    transactions,
    years: { "2024": { gain: "1.5" } },
    holdings: Array.from({ length: rows % 1000 }, (_, i) => ({
      symbol: `T${i}`,
      amount: "1.5",
      note: i % 2 ? null : "ü",
    })),
    unknowns: [],
    meta: { chains: [369], incompleteChains: [] },
  } as unknown as WalletReportResult;
}

describe("the stored result's gzip", () => {
  for (const rows of [0, 1, 4_321]) {
    it(`unzips to the result's JSON and reads its head without the rows (${rows} rows)`, async () => {
      const result = resultWith(rows);
      const body = await gzipReportResult(result);
      const { transactions, ...head } = result;
      expect(gunzipSync(body).toString("utf8")).toBe(JSON.stringify({ ...head, transactions }));
      expect(await readResultHead(body)).toEqual(head);
    });
  }
});
