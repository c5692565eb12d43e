import { useTranslation } from "react-i18next";
import { Td } from "../../../components/data-table.tsx";
import { reportWalletLabel } from "../report-wallet.ts";

/** A list row's wallet: its label (or short address), the full address on hover. */
export function WalletCell({ wallet }: { wallet: string }) {
  const { t } = useTranslation("wallet-report");
  return (
    <Td label={t("lists.wallet")} className="font-mono text-xs" title={wallet}>
      {reportWalletLabel(wallet, t)}
    </Td>
  );
}
