/**
 * An exchange's or tax tool's export as the command line's input (../README.md, "Exchange exports"):
 * read by the app's importers (docs/product/imports.md), each file an account of its own named by its
 * `--account` (else the exchange's name). EUR legs value the rows; other currencies leave the value
 * missing (the command line has no ECB rates).
 */
import { readFileSync } from "node:fs";
import { accountTaxEvents, readExport } from "@pulsemanager/core/imports/index";
import { InputError, type LoadedInput } from "./input.ts";

/** The file read as an exchange export, or undefined when it is none (then it is the simple format). */
export function loadExchangeExport(file: string, account: string | undefined): LoadedInput | undefined {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (error) {
    throw new InputError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const read = readExport(bytes);
  // A recognised export without a readable row is refused here; anything else may be the simple format.
  if (!read.ok && read.problem === "no-rows") throw new InputError(`${file}: an export without a readable row`);
  if (!read.ok) return undefined;
  for (const r of read.refused)
    console.error(`${file}: line ${r.line} left out: ${r.problem}${r.detail ? ` (${r.detail})` : ""}`);
  const wallet = account ?? read.account;
  const { events, assets } = accountTaxEvents(read.rows, {
    wallet,
    eurOf: (currency, amount) => (currency === "EUR" ? amount : undefined),
  });
  return { events, assets, declared: [] };
}
