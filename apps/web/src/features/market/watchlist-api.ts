import { type MarketToken, type WatchlistResponse, watchlistResponseSchema } from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useToast } from "../toast/toast-context.tsx";
import { toggledWatchlist } from "./watchlist.ts";

export const WATCHLIST_QUERY_KEY = ["watchlist"] as const;

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

type StarToken = Omit<MarketToken, "known"> & { known?: boolean };

/**
 * The star: the list changes at once, the server is asked after; on a failure the old list comes
 * back and a toast says why. The toast on success is the original product's.
 */
export function useToggleWatch() {
  const { t } = useTranslation("market");
  const errorText = useErrorText();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, watched }: { token: StarToken; watched: boolean }) =>
      watched ? watchlistApi.remove(token.chainId, token.address) : watchlistApi.add(token.chainId, token.address),
    onMutate: async ({ token }) => {
      await queryClient.cancelQueries({ queryKey: WATCHLIST_QUERY_KEY });
      const before = queryClient.getQueryData<WatchlistResponse>(WATCHLIST_QUERY_KEY);
      queryClient.setQueryData(
        WATCHLIST_QUERY_KEY,
        toggledWatchlist(before, { ...token, known: token.known ?? false }, new Date()),
      );
      return { before };
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(WATCHLIST_QUERY_KEY, context?.before);
      showToast({ title: t("watch.failed"), description: errorText(error), variant: "error" });
    },
    onSuccess: (list, { token, watched }) => {
      queryClient.setQueryData(WATCHLIST_QUERY_KEY, list);
      showToast({
        title: t(watched ? "watch.removed" : "watch.added"),
        description: `${token.name} (${token.symbol})`,
      });
    },
  });
}
