import { type MarketToken, type WatchlistResponse, watchlistResponseSchema } from "@pulsemanager/core";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api.ts";
import { WATCHLIST_QUERY_KEY } from "../../lib/query-keys.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useToast } from "../../state/toast/index.ts";
import { toggledWatchlist } from "./watchlist.ts";

export const watchlistApi = {
  async list(): Promise<WatchlistResponse> {
    return watchlistResponseSchema.parse(await api<unknown>("/api/watchlist"));
  },
  async add(chainId: number, address: string): Promise<WatchlistResponse> {
    return watchlistResponseSchema.parse(
      await api<unknown>("/api/watchlist", { method: "POST", body: { chainId, address } }),
    );
  },
  async remove(chainId: number, address: string): Promise<WatchlistResponse> {
    return watchlistResponseSchema.parse(
      await api<unknown>("/api/watchlist", { method: "DELETE", body: { chainId, address } }),
    );
  },
};

export function useWatchlist() {
  return useQuery({ queryKey: WATCHLIST_QUERY_KEY, queryFn: watchlistApi.list, staleTime: 60_000, retry: false });
}

export type StarToken = Omit<MarketToken, "known"> & { known?: boolean };
export interface WatchToggle {
  token: StarToken;
  /** Whether the token was on the list when the star was clicked. */
  watched: boolean;
}

interface WatchNotices {
  done: (toggle: WatchToggle) => void;
  failed: (error: unknown) => void;
}

/**
 * The star's request: the list changes at once in the cache (optimistic), the server's answer
 * replaces it; on a failure the list before the click comes back.
 */
export function watchToggleOptions(queryClient: QueryClient, notices: WatchNotices) {
  return {
    mutationFn: ({ token, watched }: WatchToggle) =>
      watched ? watchlistApi.remove(token.chainId, token.address) : watchlistApi.add(token.chainId, token.address),
    onMutate: async ({ token }: WatchToggle) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_QUERY_KEY });
      const before = queryClient.getQueryData<WatchlistResponse>(WATCHLIST_QUERY_KEY);
      const after = toggledWatchlist(before, { ...token, known: token.known ?? false }, new Date());
      queryClient.setQueryData(WATCHLIST_QUERY_KEY, after);
      return { before };
    },
    onError: (error: unknown, _toggle: WatchToggle, context: { before?: WatchlistResponse } | undefined) => {
      queryClient.setQueryData(WATCHLIST_QUERY_KEY, context?.before);
      notices.failed(error);
    },
    onSuccess: (list: WatchlistResponse, toggle: WatchToggle) => {
      queryClient.setQueryData(WATCHLIST_QUERY_KEY, list);
      notices.done(toggle);
    },
  };
}

/** The star, with the original product's toast ("Zur Watchlist hinzugefügt") and one saying why it failed. */
export function useToggleWatch() {
  const { t } = useTranslation("market");
  const errorText = useErrorText();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  return useMutation(
    watchToggleOptions(queryClient, {
      done: ({ token, watched }) =>
        showToast({
          title: t(watched ? "watch.removed" : "watch.added"),
          description: `${token.name} (${token.symbol})`,
        }),
      failed: (error) => showToast({ title: t("watch.failed"), description: errorText(error), variant: "error" }),
    }),
  );
}
