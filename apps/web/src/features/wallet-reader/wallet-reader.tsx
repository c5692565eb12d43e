import { CircleCheck, Copy, KeyRound, Link2, LogOut, PlugZap, TriangleAlert, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { explorerAddressUrl, shortAddress } from "../../lib/address.ts";
import { cn } from "../../lib/cn.ts";
import { formatWalletBalance } from "../../lib/format-number.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useAccess } from "../subscription/use-access.ts";
import { useWallets } from "../wallets/wallets-api.ts";
import { nativeUnit, networkLabel } from "./eip1193.ts";
import { availableWallets, type DiscoveredWallet, useAnnouncedWallets } from "./eip6963.ts";
import { ManualWalletForm } from "./manual-wallet-form.tsx";
import { type StatusMessage, useWalletReader } from "./use-wallet-reader.ts";

/** Spec 02 §2 "Wallet reader widget": connect a browser wallet (read-only) and save its address. */
export function WalletReader() {
  const { t, i18n } = useTranslation("reader");
  const errorText = useErrorText();
  const access = useAccess();
  const reader = useWalletReader();
  const wallets = useWallets();
  const announced = useAnnouncedWallets();
  const [choice, setChoice] = useState<string | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const { connection, phase } = reader;

  const candidates = availableWallets(announced);
  const selected: DiscoveredWallet | null = candidates.find((w) => w.id === choice) ?? candidates[0] ?? null;

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 1_500);
    return () => window.clearTimeout(timer);
  }, [copied]);

  // Removed in the wallet list below (a list read after the save lacks it): no longer saved.
  const saved =
    connection?.saved === true &&
    (!wallets.data ||
      !connection.walletId ||
      wallets.dataUpdatedAt < connection.savedAt ||
      wallets.data.some((w) => w.id === connection.walletId));

  const messageText = (m: StatusMessage) =>
    "key" in m ? t(m.key, m.values) : t(m.prefixKey, { message: errorText(m.common) });

  const copy = async () => {
    if (!connection) return;
    try {
      await navigator.clipboard.writeText(connection.address);
      setCopied(true);
    } catch {
      /* clipboard refused */
    }
  };

  const busyLabel = phase === "connecting" ? t("connecting") : phase === "saving" ? t("saving") : null;
  const network = connection ? networkLabel(connection.chainId) : null;
  const explorer = connection ? explorerAddressUrl(connection.chainId, connection.address) : null;

  return (
    <Card className="space-y-4" data-testid="wallet-reader" aria-labelledby="wallet-reader-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="wallet-reader-title" className="flex items-center gap-2 text-base font-semibold">
            <PlugZap className="size-4 text-accent" aria-hidden="true" />
            {t("title")}
          </h2>
          <p className="mt-1 text-sm text-text-muted">{t("intro")}</p>
        </div>
        <span
          className="rounded-full border border-border bg-surface-sunken px-3 py-1 text-xs font-medium text-text-muted"
          data-testid="reader-plan"
        >
          {access.limited ? t("plan.basic") : t("plan.premium")}
        </span>
      </div>

      {connection ? (
        <div className="space-y-3" data-testid="reader-connected">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-4">
            <div className="min-w-0">
              <dt className="text-xs text-text-muted">{t("fields.address")}</dt>
              <dd className="font-mono" title={connection.address} data-testid="reader-address">
                {shortAddress(connection.address)}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-text-muted">{t("fields.network")}</dt>
              <dd data-testid="reader-network">
                {network?.known
                  ? network.name
                  : t("unknownNetwork", { chain: t("chainId", { id: connection.chainId }) })}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-text-muted">{t("fields.balance")}</dt>
              <dd className="tabular" data-testid="reader-balance">
                {connection.balance !== null
                  ? `${formatWalletBalance(connection.balance, i18n.language)} ${nativeUnit(connection.chainId)}`
                  : connection.manual
                    ? t("balanceManual")
                    : t("balanceUnknown")}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-text-muted">{t("fields.portfolio")}</dt>
              <dd data-testid="reader-saved" data-saved={saved}>
                {phase === "saving" ? (
                  t("saving")
                ) : saved ? (
                  <span className="inline-flex items-center gap-1 text-positive">
                    <CircleCheck className="size-4" aria-hidden="true" />
                    {t("saved")}
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 text-warning">
                    <TriangleAlert className="size-4" aria-hidden="true" />
                    {t("notSaved")}
                  </span>
                )}
              </dd>
            </div>
          </dl>
          <p className="text-xs text-text-muted">
            {t("walletType", {
              type: connection.walletType === "generic" ? t("genericWallet") : connection.walletType,
            })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={copy}>
              <Copy className="size-4" aria-hidden="true" />
              {copied ? t("copied") : t("copy")}
            </Button>
            {explorer ? (
              <a
                href={explorer}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-10 items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-text-muted hover:bg-surface-sunken hover:text-text"
              >
                <Link2 className="size-4" aria-hidden="true" />
                {t("explorer")}
              </a>
            ) : null}
            <Button variant="ghost" onClick={() => void reader.disconnect()} loading={reader.disconnecting}>
              <LogOut className="size-4" aria-hidden="true" />
              {t("disconnect")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          {candidates.length > 1 ? (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium">{t("choose")}</legend>
              <div className="flex flex-wrap gap-2">
                {candidates.map((wallet) => (
                  <label
                    key={wallet.id}
                    className={cn(
                      "flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm",
                      selected?.id === wallet.id ? "border-accent bg-accent/10" : "border-border",
                    )}
                  >
                    <input
                      type="radio"
                      name="browserWallet"
                      className="sr-only"
                      checked={selected?.id === wallet.id}
                      onChange={() => setChoice(wallet.id)}
                    />
                    {wallet.icon ? <img src={wallet.icon} alt="" className="size-5 rounded" /> : null}
                    {wallet.name || t("genericWallet")}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={() => void reader.connect(selected)}
              loading={phase !== "idle"}
              data-testid="reader-connect"
            >
              {selected?.icon && phase === "idle" ? (
                <img src={selected.icon} alt="" className="size-4 rounded" />
              ) : null}
              {busyLabel ?? t("connect")}
            </Button>
            {candidates.length === 1 && selected ? (
              <span className="text-sm text-text-muted">
                {t("detected", { name: selected.name || t("genericWallet") })}
              </span>
            ) : null}
            <Button
              variant="ghost"
              aria-expanded={manualOpen}
              aria-controls="manual-wallet"
              onClick={() => setManualOpen((open) => !open)}
            >
              <KeyRound className="size-4" aria-hidden="true" />
              {t("manual.toggle")}
            </Button>
          </div>
          {manualOpen ? (
            <div id="manual-wallet" className="rounded-lg border border-border bg-surface-sunken p-3 sm:p-4">
              <ManualWalletForm
                busy={phase !== "idle"}
                onSubmit={(address, type) => void reader.connectManual(address, type)}
              />
            </div>
          ) : null}
        </div>
      )}

      {reader.message ? (
        <div
          role={reader.message.variant === "error" ? "alert" : "status"}
          data-testid="reader-message"
          className={cn(
            "flex items-start gap-2 rounded-lg border p-3 text-sm",
            reader.message.variant === "success" && "border-positive/40 bg-positive/10",
            reader.message.variant === "warning" && "border-warning/40 bg-warning/10",
            reader.message.variant === "error" && "border-negative/40 bg-negative/10",
          )}
        >
          <p className="min-w-0 flex-1 break-words">{messageText(reader.message)}</p>
          <button
            type="button"
            onClick={reader.dismissMessage}
            className="-m-1 rounded-md p-1 text-text-muted hover:text-text"
            aria-label={t("common:actions.close")}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </Card>
  );
}
