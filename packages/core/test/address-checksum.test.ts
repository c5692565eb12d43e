import { describe, expect, it } from "vitest";
import { hasValidChecksum, toChecksumAddress } from "../src/chains/address-checksum.ts";
import { keccak256Hex } from "../src/chains/keccak256.ts";
import { walletAddressSchema } from "../src/portfolio/wallet-api.ts";
import { walletReportRequestSchema } from "../src/tax/report-api.ts";

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

// The examples of EIP-55 itself.
const EIP55 = [
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

describe("keccak-256", () => {
  it("hashes the empty input and a short text to Ethereum's known digests", () => {
    expect(keccak256Hex(new Uint8Array())).toBe("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(keccak256Hex(bytes("hello"))).toBe("1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8");
  });

  it("pads an input of exactly one block into a second block", () => {
    const block = bytes("a".repeat(136));
    expect(keccak256Hex(block)).toHaveLength(64);
    expect(keccak256Hex(block)).not.toBe(keccak256Hex(bytes("a".repeat(135))));
  });
});

describe("EIP-55 checksum", () => {
  it("writes the EIP's examples in their checksummed case", () => {
    for (const address of EIP55) expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it("accepts a correct checksum and all lower- or upper-case hex, refuses one changed letter's case", () => {
    for (const address of EIP55) {
      expect(hasValidChecksum(address)).toBe(true);
      expect(hasValidChecksum(address.toLowerCase())).toBe(true);
      expect(hasValidChecksum(`0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
    // 0x5aAeb… with the second "a" lower-cased.
    expect(hasValidChecksum("0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
  });
});

describe("the shared wallet address schema", () => {
  it("refuses a mixed-case address with a wrong checksum with its own message", () => {
    const parsed = walletAddressSchema.safeParse("0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["wallet.badChecksum"]);
  });

  it("stores a checksummed, a lower-case and an upper-case address lower-case", () => {
    const checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    const lower = checksummed.toLowerCase();
    expect(walletAddressSchema.parse(checksummed)).toBe(lower);
    expect(walletAddressSchema.parse(lower)).toBe(lower);
    expect(walletAddressSchema.parse(`0x${lower.slice(2).toUpperCase()}`)).toBe(lower);
  });

  it("names the wrong checksum in the tax report's request as well", () => {
    const parsed = walletReportRequestSchema(new Date("2025-06-01")).safeParse({
      walletAddress: "0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      taxYear: 2024,
    });
    expect(parsed.error?.issues[0]?.message).toBe("wallet.badChecksum");
  });
});
