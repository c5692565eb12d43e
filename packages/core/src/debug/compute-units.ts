/**
 * The compute-unit monitor's figures: cost at 0.001 USD per unit and the rating bands (0: cache only,
 * below 100 optimal, 100 to 499 moderate, 500 or more high cost). The monitor keeps the last 10 calls
 * and shows 5.
 */
import { z } from "zod";
import { D } from "../chains/amounts.ts";

export const CU_KEEP = 10;
export const CU_SHOW = 5;
export const CU_COST_USD = "0.001";

export type CuBand = "cache" | "optimal" | "moderate" | "high";

export function cuBand(units: number): CuBand {
  if (units <= 0) return "cache";
  if (units < 100) return "optimal";
  if (units < 500) return "moderate";
  return "high";
}

/** USD for `units` compute units, exact, 3 decimals ("0.150"). */
export function cuCostUsd(units: number): string {
  return new D(units).mul(CU_COST_USD).toFixed(3);
}

const usage = z.object({ calls: z.number().int(), units: z.number().int(), costUsd: z.string() });

/** GET /api/debug/compute-units: the last 24 hours of metered upstream calls. */
export const computeUnitsResultSchema = z.object({
  /** "user": the calls of the user's own requests; "installation": everyone's (admins). */
  scope: z.enum(["user", "installation"]),
  total: usage.extend({ band: z.enum(["cache", "optimal", "moderate", "high"]) }),
  byEndpoint: z.array(usage.extend({ endpoint: z.string() })),
  recent: z.array(
    z.object({
      at: z.string(),
      endpoint: z.string(),
      provider: z.string(),
      kind: z.string(),
      units: z.number().int(),
      outcome: z.string(),
    }),
  ),
});
export type ComputeUnitsResult = z.infer<typeof computeUnitsResultSchema>;
