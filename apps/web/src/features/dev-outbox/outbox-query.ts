import { type OutboxMail, outboxResponseSchema } from "@pulsemanager/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { DEV_OUTBOX_QUERY_KEY } from "../../lib/query-keys.ts";

/** Newest first, whatever order the server sends. */
export function sortNewestFirst(mails: readonly OutboxMail[]): OutboxMail[] {
  return [...mails].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export function useOutbox() {
  return useQuery({
    queryKey: DEV_OUTBOX_QUERY_KEY,
    queryFn: async () => sortNewestFirst(outboxResponseSchema.parse(await api<unknown>("/api/dev/outbox")).mails),
    retry: false,
    refetchInterval: (query) => (query.state.status === "error" ? false : 5_000),
  });
}
