import { type TestSystemResult, testSystemResultSchema } from "@pulsemanager/core";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

/** POST /api/debug/test-system: one run over the user's own data and the installation's upstreams. */
export function useTestSystem() {
  return useMutation({
    mutationFn: async (): Promise<TestSystemResult> =>
      testSystemResultSchema.parse(await api<unknown>("/api/debug/test-system", { method: "POST", body: {} })),
  });
}
