import {
  addWalletRequestSchema,
  chainIdOf,
  defaultWalletNickname,
  PREMIUM_REQUIRED,
  removeWalletRequestSchema,
} from "@pulsemanager/core";
import { Hono } from "hono";
import { type AccessDeps, PREMIUM_REQUIRED_MESSAGE, readAccess } from "../access/plan-access.ts";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { serverText } from "../http/messages.ts";
import { requestLanguage } from "../http/request-language.ts";
import { userOf } from "../http/session-user.ts";
import { activeWallets, deactivateWallet, saveWallet, toApiWallet } from "./wallet-store.ts";

export interface WalletRouteDeps extends AccessDeps {
  /** Called after a change, so cached portfolios are recomputed. */
  onChange: (userId: string) => Promise<void>;
}

/** GET/POST/DELETE /api/wallet-management (docs/api.md), for the signed-in user only. */
export function walletRoutes(deps: WalletRouteDeps) {
  const app = new Hono();

  app.get("/", async (c) => {
    const rows = await activeWallets(deps.db, userOf(c).id);
    return c.json({ data: rows.map(toApiWallet), error: null });
  });

  app.post("/", async (c) => {
    const user = userOf(c);
    const body = (await readJson(c)) as Record<string, unknown> | undefined;
    // A wallet of a named type (a connected browser wallet) without a nickname gets the default one.
    if (body && typeof body === "object" && body.wallet_type && !body.nickname) {
      body.nickname = defaultWalletNickname(body.blockchain === "ethereum" ? "ethereum" : "pulsechain");
    }
    const parsed = addWalletRequestSchema.safeParse(body ?? {});
    if (!parsed.success) return validationError(c, parsed.error);
    const { address, nickname, blockchain, wallet_type } = parsed.data;
    const chainId = chainIdOf(blockchain);
    // A Basic user keeps one wallet; the count is checked under the user's lock in saveWallet.
    const { access } = await readAccess(deps, user);
    const saved = await saveWallet(deps.db, {
      userId: user.id,
      address,
      chainId,
      nickname,
      ...(wallet_type ? { walletType: wallet_type } : {}),
      now: deps.now(),
      maxActive: access === "full" ? Number.POSITIVE_INFINITY : 1,
    });
    if (!saved) return jsonError(c, 403, PREMIUM_REQUIRED, PREMIUM_REQUIRED_MESSAGE);
    const { row, existed } = saved;
    await deps.onChange(user.id);
    return c.json({
      data: toApiWallet(row),
      error: null,
      status: existed ? "updated_existing" : "created",
      message: serverText(existed ? "walletUpdated" : "walletAdded", requestLanguage(c.req.raw)),
    });
  });

  app.delete("/", async (c) => {
    const parsed = removeWalletRequestSchema.safeParse(await readJson(c));
    if (!parsed.success) return jsonError(c, 400, "VALIDATION_ERROR", "The wallet id is missing.");
    const user = userOf(c);
    const done = await deactivateWallet(deps.db, user.id, parsed.data.id, deps.now());
    // Another user's wallet and an unknown id look the same.
    if (!done) return jsonError(c, 404, "NOT_FOUND", "Wallet not found");
    await deps.onChange(user.id);
    return c.json({ error: null });
  });

  return app;
}
