import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ReadExport, readExport } from "../../src/imports/read-export.ts";

/**
 * The real export files of exchanges and tax tools kept beside the repository (the workplace and CI
 * place them there; they are never copied into the repository): their README names each file's
 * source, quirks and the counts an importer must report.
 */
const PROVIDERS = path.resolve(import.meta.dirname, "../../../../../shared/providers");
export const EXCHANGE_SAMPLES = path.join(PROVIDERS, "exchanges");

/** A sample's bytes, unchanged (BOMs, line ends and missing final newlines are part of the test). */
export function exchangeSample(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(EXCHANGE_SAMPLES, name)));
}

/** The further files without counts (`more/`): each must be read or refused with a reason, never crash. */
export function moreSamples(): string[] {
  return readdirSync(path.join(EXCHANGE_SAMPLES, "more"))
    .filter((f) => f.endsWith(".csv"))
    .map((f) => `more/${f}`);
}

/** Text as a file's bytes. */
export const bytes = (text: string) => new TextEncoder().encode(text);

/** The file read; a refused file fails the test with its problem. */
export function readOk(data: Uint8Array): ReadExport {
  const read = readExport(data);
  if (!read.ok) throw new Error(`refused: ${read.problem}`);
  return read;
}

/** The row that starts on a file line. */
export const rowAt = (read: ReadExport, line: number) => read.rows.find((r) => r.line === line);
