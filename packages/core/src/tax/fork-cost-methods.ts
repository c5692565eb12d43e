/**
 * The two ways to cost the copies PulseChain made at the fork (a user setting). In a file of its own:
 * the settings every signed-in page reads need these names, not the declaration schemas beside them.
 */
export const FORK_COST_METHODS = [
  /** The copies cost 0 EUR; the originals keep their whole cost (the default). */
  "zero",
  /** Each original lot's cost is split between original and copy by their EUR values on the first day both have a price. */
  "split",
] as const;
export type ForkCostMethod = (typeof FORK_COST_METHODS)[number];
