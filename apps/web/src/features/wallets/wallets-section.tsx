import type { PortfolioResult } from "@pulsemanager/core";
import { EyeOff, HardDrive, ShieldCheck } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useMoney } from "../../state/currency/index.ts";
import { useMe } from "../../state/session/index.ts";
import { AddWalletForm } from "./add-wallet-form.tsx";
import { WALLETS_ANCHOR } from "./anchors.ts";
import { syncConnection } from "./connected-wallet.ts";
import { RemoveWalletDialog } from "./remove-wallet-dialog.tsx";
import { groupWallets, type WalletGroup } from "./wallet-groups.ts";
import { WalletList, type WalletRefresh } from "./wallet-list.tsx";
import { useWallets } from "./wallets-api.ts";

export { WALLETS_ANCHOR };

interface WalletsSectionProps {
  portfolio: PortfolioResult | undefined;
  refresh: WalletRefresh;
  /** Why a refresh from a wallet's icon was refused (the rate limit), shown beside the list. */
  refreshNotice?: string | null;
}

/** The saved wallets (one line per address) and the one form to add a wallet, on the portfolio page under #wallets. */
export function WalletsSection({ portfolio, refresh, refreshNotice }: WalletsSectionProps) {
  const { t } = useTranslation("wallets");
  const errorText = useErrorText();
  const wallets = useWallets();
  const money = useMoney(portfolio?.fx);
  const [removing, setRemoving] = useState<WalletGroup | null>(null);
  const groups = useMemo(
    () => groupWallets(wallets.data ?? [], portfolio?.wallets, portfolio),
    [wallets.data, portfolio],
  );

  const userId = useMe().data?.user.id ?? null;
  // The connected browser wallet follows the saved ones (removed: forgotten; another browser's: known here too).
  useEffect(() => {
    if (wallets.isSuccess) syncConnection(wallets.data, userId);
  }, [wallets.isSuccess, wallets.data, userId]);

  return (
    <section id={WALLETS_ANCHOR} aria-labelledby="wallets-title" className="scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 id="wallets-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        {wallets.isSuccess ? (
          <span className="text-sm text-text-muted" data-testid="wallet-count">
            {t("count", { count: groups.length })}
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
          {wallets.isPending ? (
            <div className="space-y-3" aria-busy="true">
              {[0, 1].map((i) => (
                <div key={i} className="h-14 animate-pulse rounded-lg bg-surface-sunken" />
              ))}
            </div>
          ) : wallets.isError ? (
            <Alert variant="error">
              <p>{t("loadFailed", { message: errorText(wallets.error) })}</p>
              <Button variant="secondary" className="mt-2" onClick={() => void wallets.refetch()}>
                {t("common:actions.retry")}
              </Button>
            </Alert>
          ) : groups.length === 0 ? (
            <p className="text-sm text-text-muted">{t("empty")}</p>
          ) : (
            <>
              <WalletList groups={groups} money={money} refresh={refresh} onRemove={setRemoving} />
              <p className="border-t border-border pt-3 text-xs text-text-muted">{t("bothChains")}</p>
            </>
          )}
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

/** Info boxes explain the read-only model. */
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
