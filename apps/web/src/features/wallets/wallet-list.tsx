import { RefreshCw, Trash2, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "../../components/address-display.tsx";
import { shortChainName } from "../../lib/address.ts";
import { formatDateTime, formatWalletBalance } from "../../lib/format-number.ts";
import type { Money } from "../../state/currency/index.ts";
import { nativeUnit } from "../wallet-reader/index.ts";
import type { WalletGroup } from "./wallet-groups.ts";
import { type UnreadChain, walletValueView } from "./wallet-value-view.ts";

/** The portfolio's refresh as the wallet lines use it: may it run now, else in how many seconds. */
export interface WalletRefresh {
  run: () => void;
  running: boolean;
  enabled: boolean;
  waitSeconds: number | null;
}

interface WalletListProps {
  groups: WalletGroup[];
  money: Money;
  refresh: WalletRefresh;
  onRemove: (group: WalletGroup) => void;
}

/** One line per address: its total once, and what it holds on PulseChain and on Ethereum. */
export function WalletList({ groups, money, refresh, onRemove }: WalletListProps) {
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
            <ChainValues group={group} money={money} />
            <UnreadNote group={group} refresh={refresh} />
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
            <WalletValue group={group} money={money} />
            <WalletActions group={group} refresh={refresh} onRemove={onRemove} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What an address holds on each chain (and its native balance), or that a chain could not be read. */
function ChainValues({ group, money }: { group: WalletGroup; money: Money }) {
  const { t, i18n } = useTranslation("wallets");
  if (!group.values) return null;
  const { values } = group;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs" data-testid="wallet-chains">
      {values.chains.map((chain) => {
        const native = group.nativeBalances.find((n) => n.chainId === chain.chainId);
        return (
          <div key={chain.chainId} className="flex gap-1" data-testid="wallet-chain-value" data-chain={chain.chainId}>
            <dt className="text-text-muted">{shortChainName(chain.chainId)}</dt>
            {chain.readFailure ? (
              <dd className="text-warning" data-testid="wallet-chain-unread">
                {t("unread.chain")}
              </dd>
            ) : (
              <dd className="tabular">
                {money.format(chain.value)}
                {native ? (
                  <span className="text-text-muted" data-testid="wallet-native-balance">
                    {" · "}
                    {formatWalletBalance(native.balance, i18n.language)} {nativeUnit(chain.chainId)}
                  </span>
                ) : null}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}

/** Refresh and remove, per address. */
function WalletActions({
  group,
  refresh,
  onRemove,
}: {
  group: WalletGroup;
  refresh: WalletRefresh;
  onRemove: (group: WalletGroup) => void;
}) {
  const { t } = useTranslation("wallets");
  const refreshLabel = (name: string) =>
    refresh.waitSeconds === null ? t("refresh", { name }) : t("refreshIn", { count: refresh.waitSeconds });
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={refresh.run}
        disabled={!refresh.enabled}
        className="rounded-md p-2 text-text-muted hover:bg-surface-sunken hover:text-text disabled:opacity-50"
        aria-label={refreshLabel(group.nickname)}
        title={refreshLabel(group.nickname)}
        data-testid="wallet-refresh"
      >
        <RefreshCw className={refresh.running ? "size-4 animate-spin" : "size-4"} aria-hidden="true" />
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
  );
}

function WalletValue({ group, money }: { group: WalletGroup; money: Money }) {
  const { t } = useTranslation("wallets");
  const view = walletValueView(group.values);
  if (view.kind === "pending") return null;
  if (view.kind === "unread") {
    return (
      <p className="text-right text-sm font-medium text-warning" data-testid="wallet-value" data-state="unread">
        {t("unread.value")}
      </p>
    );
  }
  return (
    <p className="tabular text-right text-sm font-medium" data-testid="wallet-value" data-state={view.kind}>
      {money.format(view.value)}
      {view.kind === "partial" ? (
        <span className="block text-xs font-normal text-warning">{t("unread.partial")}</span>
      ) : null}
    </p>
  );
}

/** Which chains of the address could not be read and why, with the retry (or when it works again). */
function UnreadNote({ group, refresh }: { group: WalletGroup; refresh: WalletRefresh }) {
  const { t } = useTranslation("wallets");
  const view = walletValueView(group.values);
  if (view.kind !== "unread" && view.kind !== "partial") return null;
  return (
    <div className="mt-1 space-y-1 text-xs text-warning" data-testid="wallet-unread">
      {view.unread.map((u: UnreadChain) => (
        <p key={u.chainId} className="flex gap-1">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {t("unread.why", { chain: shortChainName(u.chainId), reason: t(`portfolio:readFailure.${u.reason}`) })}
        </p>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={refresh.run}
          disabled={!refresh.enabled}
          className="rounded-md border border-border px-2 py-0.5 font-medium text-text hover:bg-surface-sunken disabled:opacity-50"
          data-testid="wallet-retry"
        >
          {t("common:actions.retry")}
        </button>
        {refresh.waitSeconds !== null ? (
          <span className="text-text-muted">{t("refreshIn", { count: refresh.waitSeconds })}</span>
        ) : null}
      </div>
    </div>
  );
}
