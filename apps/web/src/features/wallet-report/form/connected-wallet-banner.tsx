import { PlugZap, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button.tsx";
import { Link } from "../../../components/link.tsx";
import { shortAddress, shortChainName } from "../../../lib/address.ts";
import { PATHS } from "../../../lib/paths.ts";
import type { StoredConnection } from "../../wallet-reader/index.ts";

interface ConnectedWalletBannerProps {
  connection: StoredConnection | null;
  /** The address field already holds the connected address. */
  inUse: boolean;
  onUse: (address: string) => void;
}

/** The wallet connected in the wallet reader (browser storage), offered for the report. */
export function ConnectedWalletBanner({ connection, inUse, onUse }: ConnectedWalletBannerProps) {
  const { t } = useTranslation("wallet-report");
  if (!connection) {
    return (
      <div
        className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-sunken p-3 text-sm"
        data-testid="connected-wallet-banner"
      >
        <PlugZap className="size-4 shrink-0 text-text-muted" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-text-muted">{t("connected.none")}</p>
        <Link to={PATHS.portfolio} className="font-medium text-accent hover:underline">
          {t("connected.connect")}
        </Link>
      </div>
    );
  }
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-accent/30 bg-accent/5 p-3 text-sm"
      data-testid="connected-wallet-banner"
    >
      <Wallet className="size-4 shrink-0 text-accent" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">{t("connected.title")}</span>{" "}
        <span className="font-mono" title={connection.address}>
          {shortAddress(connection.address)}
        </span>
        {connection.chainId ? <span className="text-text-muted"> · {shortChainName(connection.chainId)}</span> : null}
      </p>
      {inUse ? (
        <span className="text-xs text-text-muted">{t("connected.inUse")}</span>
      ) : (
        <Button variant="secondary" className="min-h-8 px-3 py-1 text-xs" onClick={() => onUse(connection.address)}>
          {t("connected.use")}
        </Button>
      )}
    </div>
  );
}
