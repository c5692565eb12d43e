import { D, type Dec } from "@pulsemanager/core";

/** The sum of the known USD figures, to the cent; null when none is known (never a made-up 0). */
export function sumOfKnown(values: readonly (Dec | string | null)[]): string | null {
  const known = values.filter((v): v is Dec | string => v !== null);
  return known.length === 0 ? null : known.reduce<Dec>((s, v) => s.add(v), new D(0)).toFixed(2);
}

/** Larger USD figure first; an unknown one last. */
export function largestFirst(a: string | null, b: string | null): number {
  return new D(b ?? -1).cmp(new D(a ?? -1));
}
