import { parseStakeWallet } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { shortAddress } from "../../lib/address.ts";

/** A wallet of the report, short: an address, or a HEX stake's lots waiting under "<wallet> (HEX-Stake <id>)". */
export function reportWalletLabel(wallet: string, t: TFunction): string {
  const stake = parseStakeWallet(wallet);
  if (!stake) return shortAddress(wallet);
  return t("wallet-report:lists.stakeWallet", { wallet: shortAddress(stake.wallet), id: stake.stakeId });
}
