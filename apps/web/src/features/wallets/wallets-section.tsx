import type { PortfolioResult, Wallet } from "@pulsemanager/core";
import { EyeOff, HardDrive, RefreshCw, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "../../components/address-display.tsx";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { shortChainName } from "../../lib/address.ts";
import { formatDateTime, formatUsd } from "../../lib/format-number.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { AddWalletForm } from "./add-wallet-form.tsx";
import { WALLETS_ANCHOR } from "./anchors.ts";
import { RemoveWalletDialog } from "./remove-wallet-dialog.tsx";
import { useWallets } from "./wallets-api.ts";

export { WALLETS_ANCHOR };

interface WalletsSectionProps {
  portfolio: PortfolioResult | undefined;
  onRefresh: () => void;
  refreshing: boolean;
  /** Why a refresh from a wallet's icon was refused (the rate limit), shown beside the list. */
  refreshNotice?: string | null;
}

/** Spec 02 §2 "Wallet management widget", on the portfolio page under #wallets. */
export function WalletsSection({ portfolio, onRefresh, refreshing, refreshNotice }: WalletsSectionProps) {
  const { t } = useTranslation("wallets");
  const wallets = useWallets();
  const [removing, setRemoving] = useState<Wallet | null>(null);
  const count = wallets.data?.length ?? 0;

  return (
    <section id={WALLETS_ANCHOR} aria-labelledby="wallets-title" className="scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 id="wallets-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        {wallets.isSuccess ? (
          <span className="text-sm text-text-muted" data-testid="wallet-count">
            {t("count", { count })}
          </span>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-5 lg:items-start">
        <Card className="space-y-3 lg:col-span-3" aria-label={t("listLabel")}>
          {refreshNotice ? (
            <div data-testid="wallet-refresh-notice">
              <Alert variant="warning">{refreshNotice}</Alert>
            </div>
          ) : null}
          <WalletList
            wallets={wallets}
            portfolio={portfolio}
            onRefresh={onRefresh}
            refreshing={refreshing}
            onRemove={setRemoving}
          />
        </Card>
        <Card className="lg:col-span-2">
          <AddWalletForm />
        </Card>
      </div>
      <InfoBoxes />
      <RemoveWalletDialog wallet={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function WalletList({
  wallets,
  portfolio,
  onRefresh,
  refreshing,
  onRemove,
}: {
  wallets: ReturnType<typeof useWallets>;
  portfolio: PortfolioResult | undefined;
  onRefresh: () => void;
  refreshing: boolean;
  onRemove: (wallet: Wallet) => void;
}) {
  const { t, i18n } = useTranslation("wallets");
  const errorText = useErrorText();

  if (wallets.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1].map((i) => (
          <div key={i} className="h-14 animate-pulse rounded-lg bg-surface-sunken" />
        ))}
      </div>
    );
  }
  if (wallets.isError) {
    return (
      <Alert variant="error">
        <p>{t("loadFailed", { message: errorText(wallets.error) })}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void wallets.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </Alert>
    );
  }
  if (wallets.data.length === 0) {
    return <p className="text-sm text-text-muted">{t("empty")}</p>;
  }

  const walletValue = (id: string) => portfolio?.wallets.find((w) => w.id === id)?.value;

  return (
    <ul className="divide-y divide-border" data-testid="wallet-list">
      {wallets.data.map((wallet) => {
        const value = walletValue(wallet.id);
        return (
          <li
            key={wallet.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
            data-testid="wallet-item"
          >
            <div className="min-w-0">
              <p className="truncate font-medium">{wallet.nickname}</p>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-text-muted">
                <AddressDisplay address={wallet.address} chainId={wallet.chain_id} />
                <span className="rounded-full border border-border px-2 py-0.5">{shortChainName(wallet.chain_id)}</span>
                {wallet.wallet_type && wallet.wallet_type !== "manual" ? <span>{wallet.wallet_type}</span> : null}
              </div>
              {wallet.last_connected ? (
                <p className="mt-0.5 text-xs text-text-muted">
                  {t("lastConnected", { date: formatDateTime(wallet.last_connected, i18n.language) })}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
              {value !== undefined ? (
                <p className="tabular text-right text-sm font-medium" data-testid="wallet-value">
                  {formatUsd(value, i18n.language)}
                </p>
              ) : null}
              <div className="flex items-center gap-1">
                <button
                  type="button"
                  onClick={onRefresh}
                  disabled={refreshing}
                  className="rounded-md p-2 text-text-muted hover:bg-surface-sunken hover:text-text disabled:opacity-50"
                  aria-label={t("refresh", { name: wallet.nickname })}
                  title={t("refresh", { name: wallet.nickname })}
                  data-testid="wallet-refresh"
                >
                  <RefreshCw className={refreshing ? "size-4 animate-spin" : "size-4"} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => onRemove(wallet)}
                  className="rounded-md p-2 text-text-muted hover:bg-negative/10 hover:text-negative"
                  aria-label={t("remove.action", { name: wallet.nickname })}
                  title={t("remove.action", { name: wallet.nickname })}
                  data-testid="wallet-remove"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Spec 02 §2: info boxes explain the read-only model. */
function InfoBoxes() {
  const { t } = useTranslation("wallets");
  const boxes = [
    { icon: EyeOff, title: t("info.readOnlyTitle"), text: t("info.readOnlyText") },
    { icon: ShieldCheck, title: t("info.noKeysTitle"), text: t("info.noKeysText") },
    { icon: HardDrive, title: t("info.hardwareTitle"), text: t("info.hardwareText") },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-3" data-testid="wallet-info">
      {boxes.map(({ icon: Icon, title, text }) => (
        <div key={title} className="flex gap-3 rounded-lg border border-border bg-surface-raised p-4 text-sm">
          <Icon className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-medium">{title}</p>
            <p className="text-text-muted">{text}</p>
          </div>
        </div>
      ))}
    </div>
  );
}
