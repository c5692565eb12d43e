import type { Address } from "viem";
import type { SeededHistory, TokenInfo } from "./types.ts";

/**
 * The exchange side of the story (README.md, "The exchange"): the stablecoins the exchange pays out
 * to a wallet on Ethereum ("an exchange pays out 10,000 USDC to A") were bought on that exchange the
 * day before with euros. This writes the account's Binance "Transaction History" export from the
 * seeded payouts themselves: the euros paid in, each purchase (the coin against EUR at the demo's 1.10 USD per EUR, a
 * stablecoin being 1 USD) and each withdrawal (two minutes before the payout's block, as an exchange
 * books it before the chain includes it). Imported, the app pairs each withdrawal with its payout.
 */
export const EXCHANGE_PAYOUT = /^an exchange pays out /;
/** USD per EUR of the demo's fixed euro rate (scripts/demo.mts stores the same). */
export const DEMO_USD_PER_EUR = 110n;
const HEADER = "User_ID,UTC_Time,Account,Operation,Coin,Change,Remark";
const USER_ID = "70460001";

function utc(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace("T", " ");
}

/** Base units as a decimal string (`10000000000` with 6 decimals -> `10000`). */
function whole(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, "0");
  const fraction = text.slice(-decimals).replace(/0+$/, "");
  return `${text.slice(0, -decimals)}${fraction ? `.${fraction}` : ""}`;
}

/** Euros for a stablecoin amount at the demo rate, to the cent (rounded half up). */
function euros(amount: bigint, decimals: number): string {
  const cents =
    (amount * 100n * 100n * 2n + DEMO_USD_PER_EUR * 10n ** BigInt(decimals)) /
    (DEMO_USD_PER_EUR * 10n ** BigInt(decimals) * 2n);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

/** The Binance export of the account that paid `wallet` on Ethereum in the story. */
export function binanceExport(seeded: SeededHistory, tokens: readonly TokenInfo[], wallet: Address): string {
  const to = wallet.toLowerCase();
  const payouts = (seeded[1]?.transfers ?? []).filter((t) => t.to === to && EXCHANGE_PAYOUT.test(t.step));
  const lines = [HEADER];
  for (const p of payouts) {
    const token = tokens.find((t) => t.address.toLowerCase() === p.token);
    if (!token) throw new Error(`devchain: the exchange paid out an unknown token ${p.token}`);
    const amount = BigInt(p.amount);
    const bought = utc(p.timestamp - 86_400);
    // The euros paid in by bank transfer an hour before: the account never holds less than nothing.
    lines.push(
      `${USER_ID},${utc(p.timestamp - 90_000)},Spot,Deposit,EUR,${euros(amount, token.decimals)},Bank transfer`,
    );
    lines.push(`${USER_ID},${bought},Spot,Buy,EUR,-${euros(amount, token.decimals)},`);
    lines.push(`${USER_ID},${bought},Spot,Buy,${token.symbol},${whole(amount, token.decimals)},`);
    lines.push(
      `${USER_ID},${utc(p.timestamp - 120)},Spot,Withdraw,${token.symbol},-${whole(amount, token.decimals)},Withdraw to ${to}`,
    );
  }
  return `${lines.join("\n")}\n`;
}
