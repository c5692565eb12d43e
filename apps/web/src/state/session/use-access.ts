import type { Access, BillingView, Edition, MeResponse } from "@pulsemanager/core";
import { useMe } from "./me-query.ts";

export interface AccessState {
  /** Undefined until /api/me has answered. */
  edition: Edition | undefined;
  community: boolean;
  access: Access | undefined;
  /** The Basic plan on a commercial server: Premium features are locked. */
  limited: boolean;
  subscription: MeResponse["subscription"] | undefined;
  billing: BillingView | null;
  isAdmin: boolean;
}

/** The server's access decision for the signed-in user, as /api/me reports it. */
export function accessStateOf(me: MeResponse | null | undefined): AccessState {
  return {
    edition: me?.edition,
    community: me?.edition === "community",
    access: me?.access,
    limited: me?.access === "limited",
    subscription: me?.subscription,
    billing: me?.billing ?? null,
    isAdmin: me?.isAdmin ?? false,
  };
}

export function useAccess(): AccessState {
  return accessStateOf(useMe().data);
}
