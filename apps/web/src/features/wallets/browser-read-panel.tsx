import { PlugZap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { shortAddress } from "../../lib/address.ts";
import { formatWalletBalance } from "../../lib/format-number.ts";
import { nativeUnit, networkLabel } from "../wallet-reader/index.ts";
import type { BrowserRead, ReadMessage } from "./use-browser-read.ts";

interface BrowserReadPanelProps {
  /** The wallet's name as the user knows it ("MetaMask", "Browser-Wallet"). */
  name: string;
  reading: boolean;
  read: BrowserRead | null;
  message: ReadMessage | null;
  onRead: () => void;
}

/** Inside the add form for a browser wallet: read the address from it (nothing is signed or sent). */
export function BrowserReadPanel({ name, reading, read, message, onRead }: BrowserReadPanelProps) {
  const { t, i18n } = useTranslation("wallets");
  const network = read ? networkLabel(read.chainId) : null;
  return (
    <div className="space-y-3 rounded-lg border border-border bg-surface-sunken p-3" data-testid="browser-read">
      <p className="text-xs text-text-muted">{t("add.hintBrowser", { name })}</p>
      <Button variant="secondary" onClick={onRead} loading={reading} data-testid="read-browser-wallet">
        {reading ? null : <PlugZap className="size-4" aria-hidden="true" />}
        {reading ? t("reader:connecting") : t("add.read", { name })}
      </Button>
      {read ? (
        <dl className="grid grid-cols-3 gap-x-4 gap-y-1 text-sm" data-testid="read-result">
          <div className="min-w-0">
            <dt className="text-xs text-text-muted">{t("reader:fields.address")}</dt>
            <dd className="font-mono" title={read.address} data-testid="read-address">
              {shortAddress(read.address)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-text-muted">{t("reader:fields.network")}</dt>
            <dd data-testid="read-network">
              {network?.known
                ? network.name
                : t("reader:unknownNetwork", { chain: t("reader:chainId", { id: read.chainId }) })}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-text-muted">{t("reader:fields.balance")}</dt>
            <dd className="tabular" data-testid="read-balance">
              {read.balance !== null
                ? `${formatWalletBalance(read.balance, i18n.language)} ${nativeUnit(read.chainId)}`
                : t("reader:balanceUnknown")}
            </dd>
          </div>
        </dl>
      ) : null}
      {message ? (
        <p role="alert" className="text-sm text-negative" data-testid="read-message">
          {message.titleKey ? <strong className="block font-semibold">{t(message.titleKey)}</strong> : null}
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}
