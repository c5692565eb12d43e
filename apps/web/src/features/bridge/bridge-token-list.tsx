import type { BridgeToken } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "../../components/address-display.tsx";
import { formatTokenBalance } from "../../lib/format-number.ts";

interface BridgeTokenListProps {
  testId: string;
  title: string;
  text: string;
  tokens: readonly BridgeToken[];
}

/** One group of tokens (bridged or fork copies), each with its balance on PulseChain and on Ethereum. */
export function BridgeTokenList({ testId, title, text, tokens }: BridgeTokenListProps) {
  const { t, i18n } = useTranslation("bridge");
  const balance = (value: string) => formatTokenBalance(value, i18n.language);
  return (
    <section aria-labelledby={`${testId}-heading`} data-testid={testId} className="space-y-3">
      <div>
        <h2 id={`${testId}-heading`} className="text-lg font-semibold text-text">
          {title}
        </h2>
        <p className="text-sm text-text-muted">{text}</p>
      </div>
      {tokens.length === 0 ? (
        <p className="text-sm text-text-muted">{t("tokens.none")}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-surface-raised">
          {tokens.map((token) => (
            <li
              key={`${token.kind}:${token.pulsechain.address}`}
              className="grid gap-2 p-4 sm:grid-cols-3"
              data-testid="bridge-token"
            >
              <div className="min-w-0">
                <p className="font-semibold text-text">
                  {token.symbol}
                  {token.worthless ? (
                    <span className="ml-2 rounded bg-negative/10 px-2 py-0.5 text-xs font-medium text-negative">
                      {t("tokens.worthless")}
                    </span>
                  ) : null}
                </p>
                <p className="truncate text-xs text-text-muted">{token.name}</p>
              </div>
              <div className="text-sm">
                <p className="text-text-muted">{t("tokens.onPulsechain")}</p>
                <p className="font-medium text-text">{balance(token.pulsechain.balance)}</p>
                <AddressDisplay address={token.pulsechain.address} chainId={token.pulsechain.chainId} />
              </div>
              <div className="text-sm">
                <p className="text-text-muted">{t("tokens.onEthereum")}</p>
                {token.ethereum ? (
                  <>
                    <p className="font-medium text-text">{balance(token.ethereum.balance)}</p>
                    <AddressDisplay address={token.ethereum.address} chainId={token.ethereum.chainId} />
                  </>
                ) : (
                  <p className="text-text-muted">{t("tokens.originUnknown")}</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
