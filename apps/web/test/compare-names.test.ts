/** Token names sorted without Intl (lib/compare-names.ts) in the order the German collator gives them. */
import { describe, expect, it } from "vitest";
import { compareNames } from "../src/lib/compare-names.ts";

const collator = new Intl.Collator("de", { sensitivity: "base", numeric: true });

function names(count: number): string[] {
  const alphabet = "aAbBmzZ0129 -.äÖéß";
  let seed = 369;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let name = "";
    for (let k = 0, n = 1 + (next() % 6); k < n; k++) name += alphabet[next() % alphabet.length];
    out.push(name);
  }
  return out;
}

describe("compareNames", () => {
  it("orders as the German collator does: case and accents ignored, numbers by value", () => {
    const all = names(300);
    for (const a of all)
      for (const b of all.slice(0, 60))
        expect(Math.sign(compareNames(a, b)), `${a} | ${b}`).toBe(Math.sign(collator.compare(a, b)));
  });

  it("sorts symbols a holder reads", () => {
    const sorted = ["pHEX", "T10", "PLSX", "eHEX", "T2", "HEX", "PLS", "Ärger", "9MM"].sort(compareNames);
    expect(sorted).toEqual(["9MM", "Ärger", "eHEX", "HEX", "pHEX", "PLS", "PLSX", "T2", "T10"]);
    // Leading zeros and the capital sharp s weigh as the collator has them.
    expect(compareNames("T01", "T1")).toBe(0);
    expect(compareNames("ẞa", "ssa")).toBe(0);
  });
});
