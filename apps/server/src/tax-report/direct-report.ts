import {
  DIRECT_REPORT_MAX_TRANSFERS,
  type WalletReportDirectResponse,
  walletReportRequestSchema,
} from "@pulsemanager/core";
import type { Context } from "hono";
import { jsonError, readJson, validationError } from "../http/errors.ts";
import { userOf } from "../http/session-user.ts";
import { type BuildDeps, buildWalletReport, NoWalletsError, TooManyTransfersError } from "./build-report.ts";

export interface DirectReportDeps extends BuildDeps {
  /** The direct analysis answers 504 after this long (the work itself goes on and its data is kept). */
  directTimeoutMs: number;
}

/** POST /api/wallet-report-direct: the report of a small history at once, without a job. */
export async function directReport(deps: DirectReportDeps, c: Context) {
  const parsed = walletReportRequestSchema(deps.now()).safeParse((await readJson(c)) ?? {});
  if (!parsed.success) return validationError(c, parsed.error);
  const body = parsed.data;
  const work = buildWalletReport(
    deps,
    {
      userId: userOf(c).id,
      scope: body.scope,
      address: body.walletAddress,
      year: body.taxYear,
      manualEntries: body.manualEntries ?? [],
    },
    async () => undefined,
    { maxTransfers: DIRECT_REPORT_MAX_TRANSFERS },
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), deps.directTimeoutMs);
  });
  try {
    const result = await Promise.race([work, timeout]);
    if (result === "timeout") {
      work.catch(() => undefined);
      return jsonError(c, 504, "TIMEOUT", "Server timeout: the analysis is taking too long.");
    }
    const answer: WalletReportDirectResponse = {
      success: true,
      wallet_address: result.address,
      chains: result.meta.chains,
      total_transactions: result.transactions.length,
      ...result,
    };
    return c.json(answer);
  } catch (err) {
    if (err instanceof TooManyTransfersError)
      return jsonError(
        c,
        413,
        "REPORT_TOO_LARGE",
        `${err.count} transfers: more than the direct analysis handles (${DIRECT_REPORT_MAX_TRANSFERS}); use the regular analysis.`,
      );
    if (err instanceof NoWalletsError) return jsonError(c, 400, "VALIDATION_ERROR", "No wallets found");
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
