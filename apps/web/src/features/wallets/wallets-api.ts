import {
  type AddWalletRequest,
  type AddWalletResponse,
  addWalletResponseSchema,
  listWalletsResponseSchema,
  type Wallet,
} from "@pulsemanager/core";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import {
  HELD_MOVERS_QUERY_KEY,
  OPEN_LOTS_QUERY_KEY,
  PORTFOLIO_QUERY_KEY,
  WALLETS_QUERY_KEY,
} from "../../lib/query-keys.ts";

export const walletsApi = {
  /** GET /api/wallet-management: the active wallets of the signed-in user, newest first. */
  async list(): Promise<Wallet[]> {
    return listWalletsResponseSchema.parse(await api<unknown>("/api/wallet-management")).data;
  },
  /** POST /api/wallet-management: created, or an existing one re-activated (updated_existing). */
  async add(body: AddWalletRequest): Promise<AddWalletResponse> {
    return addWalletResponseSchema.parse(await api<unknown>("/api/wallet-management", { method: "POST", body }));
  },
  /** DELETE /api/wallet-management: sets the wallet inactive. */
  async remove(id: string): Promise<void> {
    await api<unknown>("/api/wallet-management", { method: "DELETE", body: { id } });
  },
};

export const walletsQueryOptions = queryOptions({
  queryKey: WALLETS_QUERY_KEY,
  queryFn: walletsApi.list,
});

export function useWallets() {
  return useQuery(walletsQueryOptions);
}

/**
 * After a wallet was added or removed the list, the portfolio, the movers among the user's tokens
 * and the tax planning's open lots are read again. Resolves with the list; the portfolio (a fresh load that may take a while) is not
 * waited for.
 */
export async function invalidateWalletData(client: QueryClient): Promise<void> {
  void client.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY });
  void client.invalidateQueries({ queryKey: HELD_MOVERS_QUERY_KEY });
  void client.invalidateQueries({ queryKey: OPEN_LOTS_QUERY_KEY });
  await client.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
}
