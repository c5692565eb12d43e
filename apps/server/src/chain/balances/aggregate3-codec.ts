// Multicall3's aggregate3((address target, bool allowFailure, bytes callData)[]) returns
// (bool success, bytes returnData)[]: both sides written and read here directly on the hex text,
// since a load sends thousands of calls and the generic ABI coder spends most of its time on them.

/** The selector of aggregate3((address,bool,bytes)[]). */
export const AGGREGATE3_SELECTOR = "0x82ad56cb";

const WORD = 64;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const word = (n: number): string => n.toString(16).padStart(WORD, "0");

/** A call's data (0x hex) padded to whole 32-byte words, with its length word in front. */
function bytesField(data: string): string {
  const body = data.slice(2);
  const padded = body.padEnd(Math.ceil(body.length / WORD) * WORD, "0");
  return word(body.length / 2) + padded;
}

/** The calldata of aggregate3 over `calls`, every call allowed to fail. */
export function encodeAggregate3(calls: readonly { target: string; callData: string }[]): `0x${string}` {
  const tuples = calls.map((c) => {
    if (!ADDRESS.test(c.target)) throw new Error(`not an address: ${c.target}`);
    return `${c.target.slice(2).toLowerCase().padStart(WORD, "0")}${word(1)}${word(0x60)}${bytesField(c.callData)}`;
  });
  const offsets: string[] = [];
  let at = calls.length * 32;
  for (const t of tuples) {
    offsets.push(word(at));
    at += t.length / 2;
  }
  return `${AGGREGATE3_SELECTOR}${word(0x20)}${word(calls.length)}${offsets.join("")}${tuples.join("")}`;
}

/** The (success, returnData) list aggregate3 answered, `expected` entries long. */
export function decodeAggregate3(data: string, expected: number): { success: boolean; returnData: `0x${string}` }[] {
  const hex = data.startsWith("0x") ? data.slice(2) : data;
  const read = (byte: number): number => {
    const value = Number.parseInt(hex.slice(byte * 2, byte * 2 + WORD), 16);
    if (!Number.isSafeInteger(value)) throw new Error("aggregate3 answer is malformed");
    return value;
  };
  const array = read(0);
  const count = read(array);
  if (count !== expected) throw new Error(`aggregate3 answered ${count} results for ${expected} calls`);
  const first = array + 32;
  const out: { success: boolean; returnData: `0x${string}` }[] = [];
  for (let i = 0; i < count; i++) {
    const tuple = first + read(first + i * 32);
    const bytes = tuple + read(tuple + 32);
    const length = read(bytes);
    const start = (bytes + 32) * 2;
    if (start + length * 2 > hex.length) throw new Error("aggregate3 answer is cut short");
    out.push({ success: read(tuple) === 1, returnData: `0x${hex.slice(start, start + length * 2)}` });
  }
  return out;
}
