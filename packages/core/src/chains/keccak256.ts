/**
 * Keccak-256 (Ethereum's hash, the original Keccak padding, not NIST SHA3-256) of a byte string.
 * Core is I/O-free and imports no hashing library (docs/boundaries.md); the only caller hashes
 * 40 characters of an address, so a small lane-per-bigint implementation is fast enough.
 */
const MASK = (1n << 64n) - 1n;
const RATE_BYTES = 136;

const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];

/** Rotation offsets, indexed x + 5y. */
const ROTATIONS = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];

/** Lanes and bytes are always in range here; the fallback only satisfies unchecked index access. */
const at = (a: ArrayLike<bigint>, i: number): bigint => a[i] ?? 0n;
const num = (a: ArrayLike<number>, i: number): number => a[i] ?? 0;

const rotl = (v: bigint, n: number) => (n === 0 ? v : ((v << BigInt(n)) | (v >> BigInt(64 - n))) & MASK);

function keccakF(state: bigint[]): void {
  for (const rc of ROUND_CONSTANTS) {
    const c = [0, 1, 2, 3, 4].map(
      (x) => at(state, x) ^ at(state, x + 5) ^ at(state, x + 10) ^ at(state, x + 15) ^ at(state, x + 20),
    );
    for (let x = 0; x < 5; x++) {
      const d = at(c, (x + 4) % 5) ^ rotl(at(c, (x + 1) % 5), 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = at(state, x + y) ^ d;
    }
    const b = new Array<bigint>(25);
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++)
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(at(state, x + 5 * y), num(ROTATIONS, x + 5 * y));
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 25; y += 5)
        state[x + y] = at(b, x + y) ^ (~at(b, ((x + 1) % 5) + y) & MASK & at(b, ((x + 2) % 5) + y));
    state[0] = at(state, 0) ^ rc;
  }
}

function absorb(state: bigint[], block: Uint8Array): void {
  for (let i = 0; i < RATE_BYTES / 8; i++) {
    let lane = 0n;
    for (let j = 7; j >= 0; j--) lane = (lane << 8n) | BigInt(num(block, i * 8 + j));
    state[i] = at(state, i) ^ lane;
  }
  keccakF(state);
}

/** The 32-byte hash as 64 lower-case hex characters. */
export function keccak256Hex(input: Uint8Array): string {
  const padded = new Uint8Array((Math.floor(input.length / RATE_BYTES) + 1) * RATE_BYTES);
  padded.set(input);
  padded[input.length] = 0x01;
  padded[padded.length - 1] = num(padded, padded.length - 1) | 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += RATE_BYTES)
    absorb(state, padded.subarray(offset, offset + RATE_BYTES));
  let hex = "";
  for (let i = 0; i < 4; i++) {
    const lane = at(state, i);
    for (let j = 0; j < 8; j++) hex += ((lane >> BigInt(8 * j)) & 0xffn).toString(16).padStart(2, "0");
  }
  return hex;
}
