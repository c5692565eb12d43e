import { RefreshCw, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "../../components/address-display.tsx";
import { shortChainName } from "../../lib/address.ts";
import { formatDateTime, formatWalletBalance } from "../../lib/format-number.ts";
import type { Money } from "../currency/index.ts";
import { nativeUnit } from "../wallet-reader/index.ts";
import type { WalletGroup } from "./wallet-groups.ts";

interface WalletListProps {
  groups: WalletGroup[];
  money: Money;
  onRefresh: () => void;
  refreshing: boolean;
  onRemove: (group: WalletGroup) => void;
}

/** One line per address: its total once, and what it holds on PulseChain and on Ethereum. */
export function WalletList({ groups, money, onRefresh, refreshing, onRemove }: WalletListProps) {
  const { t, i18n } = useTranslation("wallets");
  return (
    <ul className="divide-y divide-border" data-testid="wallet-list">
      {groups.map((group) => (
        <li
          key={group.address}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
          data-testid="wallet-item"
          data-address={group.address}
        >
          <div className="min-w-0">
            <p className="truncate font-medium">{group.nickname}</p>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-text-muted">
              <AddressDisplay address={group.address} chainId={group.savedChainIds[0]} />
              {group.savedChainIds.map((chainId) => (
                <span key={chainId} className="rounded-full border border-border px-2 py-0.5">
                  {shortChainName(chainId)}
                </span>
              ))}
              {group.walletType ? (
                <span>{group.walletType === "generic" ? t("genericType") : group.walletType}</span>
              ) : null}
            </div>
            {group.values ? (
              <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs" data-testid="wallet-chains">
                {group.values.chains.map((chain) => {
                  const native = group.nativeBalances.find((n) => n.chainId === chain.chainId);
                  return (
                    <div
                      key={chain.chainId}
                      className="flex gap-1"
                      data-testid="wallet-chain-value"
                      data-chain={chain.chainId}
                    >
                      <dt className="text-text-muted">{shortChainName(chain.chainId)}</dt>
                      <dd className="tabular">
                        {money.format(chain.value)}
                        {native ? (
                          <span className="text-text-muted" data-testid="wallet-native-balance">
                            {" · "}
                            {formatWalletBalance(native.balance, i18n.language)} {nativeUnit(chain.chainId)}
                          </span>
                        ) : null}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            ) : null}
            {group.lastSync ? (
              <p className="mt-0.5 text-xs text-text-muted" data-testid="wallet-last-sync">
                {t("lastSync", { date: formatDateTime(group.lastSync, i18n.language) })}
              </p>
            ) : null}
            {group.lastConnected ? (
              <p className="mt-0.5 text-xs text-text-muted">
                {t("lastConnected", { date: formatDateTime(group.lastConnected, i18n.language) })}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
            {group.values ? (
              <p className="tabular text-right text-sm font-medium" data-testid="wallet-value">
                {money.format(group.values.value)}
              </p>
            ) : null}
            <div className="flex items-center gap-1">
              <button
                type="button"
                onClick={onRefresh}
                disabled={refreshing}
                className="rounded-md p-2 text-text-muted hover:bg-surface-sunken hover:text-text disabled:opacity-50"
                aria-label={t("refresh", { name: group.nickname })}
                title={t("refresh", { name: group.nickname })}
                data-testid="wallet-refresh"
              >
                <RefreshCw className={refreshing ? "size-4 animate-spin" : "size-4"} aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={() => onRemove(group)}
                className="rounded-md p-2 text-text-muted hover:bg-negative/10 hover:text-negative"
                aria-label={t("remove.action", { name: group.nickname })}
                title={t("remove.action", { name: group.nickname })}
                data-testid="wallet-remove"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
