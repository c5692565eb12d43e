import { describe, expect, it } from "vitest";
import { looksLikeSecret } from "../src/lib/secret-guard.ts";

const KEY = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const words = (n: number) =>
  Array.from({ length: n }, (_, i) => ["abandon", "ability", "able", "about"][i % 4]).join(" ");

describe("looksLikeSecret", () => {
  it("spots a private key with or without 0x, in any case, with surrounding blanks", () => {
    expect(looksLikeSecret(KEY)).toBe(true);
    expect(looksLikeSecret(`0x${KEY}`)).toBe(true);
    expect(looksLikeSecret(` 0x${KEY.toUpperCase()}\n`)).toBe(true);
  });

  it("spots seed phrases of 12, 15, 18, 21 and 24 lower-case words, however spaced", () => {
    for (const n of [12, 15, 18, 21, 24]) expect(looksLikeSecret(words(n)), `${n} words`).toBe(true);
    expect(looksLikeSecret(words(12).replaceAll(" ", "\n  "))).toBe(true);
  });

  it("lets addresses and ordinary text through", () => {
    expect(looksLikeSecret("")).toBe(false);
    expect(looksLikeSecret("0x95b303987a60c71504d99aa1b13b4da07b0790ab")).toBe(false);
    expect(looksLikeSecret("0x95B303987A60C71504D99Aa1b13B4DA07b0790ab")).toBe(false);
    expect(looksLikeSecret("PulseChain Wallet")).toBe(false);
    expect(looksLikeSecret(KEY.slice(0, 63))).toBe(false);
    expect(looksLikeSecret(`${KEY}0`)).toBe(false);
    expect(looksLikeSecret(`0x${KEY.slice(0, 62)}zz`)).toBe(false);
  });

  it("needs a valid phrase length and only lower-case words", () => {
    for (const n of [11, 13, 14, 23, 25]) expect(looksLikeSecret(words(n)), `${n} words`).toBe(false);
    expect(looksLikeSecret(words(12).replace("abandon", "Abandon"))).toBe(false);
    expect(looksLikeSecret(words(12).replace("able", "abl3"))).toBe(false);
  });
});
