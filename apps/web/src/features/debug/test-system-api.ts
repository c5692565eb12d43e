import { type TestSystemResult, testSystemResultSchema } from "@pulsemanager/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { COMPUTE_UNITS_QUERY_KEY } from "../../lib/query-keys.ts";

/** POST /api/debug/test-system: one run over the user's own data and the installation's upstreams. */
export function useTestSystem() {
  const client = useQueryClient();
  return useMutation({
    // A run makes upstream calls: the compute-unit monitor is read again afterwards.
    onSettled: () => client.invalidateQueries({ queryKey: COMPUTE_UNITS_QUERY_KEY }),
    mutationFn: async (): Promise<TestSystemResult> =>
      testSystemResultSchema.parse(await api<unknown>("/api/debug/test-system", { method: "POST", body: {} })),
  });
}
