import { ETHEREUM, INSPECTOR_PRESET, PULSECHAIN } from "@pulsemanager/core";
import { GitCompare, ListOrdered, Stethoscope } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { inputClassName, TextField } from "../../components/text-field.tsx";
import { shortAddress } from "../../lib/address.ts";
import { type InspectorState, OTHER_WALLET } from "./use-inspector.ts";

function walletLabel(address: string, wallets: readonly { address: string; nickname: string }[]): string {
  const w = wallets.find((x) => x.address.toLowerCase() === address);
  return w ? `${w.nickname} (${shortAddress(address)})` : shortAddress(address);
}

/** A saved wallet to choose, or an address to type. */
function WalletField({ state }: { state: InspectorState }) {
  const { t } = useTranslation("debug");
  const { inputs, shownFields, fieldText } = state;
  const { saved } = inputs;
  return (
    <div className="space-y-2">
      {saved.length > 0 ? (
        <div className="space-y-1">
          <label htmlFor="inspector-wallet" className="block text-sm font-medium">
            {t("inspector.wallet")}
          </label>
          <select
            id="inspector-wallet"
            className={inputClassName}
            value={inputs.walletChoice || saved[0]}
            onChange={(event) => inputs.setWalletChoice(event.target.value)}
            data-testid="inspector-wallet"
          >
            {saved.map((a) => (
              <option key={a} value={a}>
                {walletLabel(a, inputs.wallets)}
              </option>
            ))}
            <option value={OTHER_WALLET}>{t("inspector.walletOther")}</option>
          </select>
        </div>
      ) : null}
      {inputs.typing ? (
        <TextField
          id="inspector-address"
          label={t("inspector.walletTyped")}
          placeholder="0x…"
          value={inputs.typed}
          onChange={(event) => inputs.setTyped(event.target.value)}
          error={fieldText(shownFields.address)}
          hint={t("inspector.walletHint")}
          autoComplete="off"
          spellCheck={false}
          data-testid="inspector-address"
        />
      ) : shownFields.address ? (
        <p className="text-xs text-negative">{fieldText(shownFields.address)}</p>
      ) : null}
    </div>
  );
}

function ChainField({ state }: { state: InspectorState }) {
  const { t } = useTranslation("debug");
  const { inputs, shownFields, fieldText } = state;
  return (
    <div className="space-y-1">
      <label htmlFor="inspector-chain" className="block text-sm font-medium">
        {t("inspector.chain")}
      </label>
      <select
        id="inspector-chain"
        className={inputClassName}
        value={inputs.chainId}
        onChange={(event) => inputs.setChainId(Number(event.target.value))}
        aria-invalid={shownFields.chainId ? true : undefined}
        data-testid="inspector-chain"
      >
        <option value={PULSECHAIN}>{t("inspector.chainPulse")}</option>
        <option value={ETHEREUM}>{t("inspector.chainEthereum")}</option>
      </select>
      {shownFields.chainId ? <p className="text-xs text-negative">{fieldText(shownFields.chainId)}</p> : null}
    </div>
  );
}

function TokenField({ state }: { state: InspectorState }) {
  const { t } = useTranslation("debug");
  const { inputs, shownFields, fieldText } = state;
  return (
    <TextField
      id="inspector-token"
      label={t("inspector.token")}
      placeholder="0x…"
      value={inputs.token}
      onChange={(event) => inputs.setToken(event.target.value)}
      error={fieldText(shownFields.token)}
      autoComplete="off"
      spellCheck={false}
      data-testid="inspector-token"
      hint={
        <span className="flex flex-wrap items-center gap-2">
          {t("inspector.presetHint", { symbol: INSPECTOR_PRESET.symbol })}
          <button
            type="button"
            className="rounded border border-border px-1.5 py-0.5 text-xs hover:bg-surface-sunken"
            onClick={() => {
              inputs.setToken(INSPECTOR_PRESET.token);
              inputs.setChainId(INSPECTOR_PRESET.chainId);
            }}
            data-testid="inspector-preset"
          >
            {t("inspector.preset", { symbol: INSPECTOR_PRESET.symbol })}
          </button>
        </span>
      }
    />
  );
}

/** Wallet, chain and token. */
export function InspectorFields({ state }: { state: InspectorState }) {
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <WalletField state={state} />
      <ChainField state={state} />
      <TokenField state={state} />
    </div>
  );
}

/** The three actions: diagnostic, load all, compare (each with its icon, words and test id). */
const ACTIONS = [
  { kind: "diagnostic", icon: Stethoscope, label: "inspector.actions.diagnostic", testId: "inspector-diagnostic" },
  { kind: "all", icon: ListOrdered, label: "inspector.actions.loadAll", testId: "inspector-load-all" },
  { kind: "compare", icon: GitCompare, label: "inspector.actions.compare", testId: "inspector-compare" },
] as const;

export function InspectorActions({ state }: { state: InspectorState }) {
  const { t } = useTranslation("debug");
  return (
    <div className="flex flex-wrap gap-2">
      {ACTIONS.map(({ kind, icon: Icon, label, testId }) => (
        <Button
          key={kind}
          variant="secondary"
          onClick={() => state.run(kind)}
          loading={state[kind].isPending}
          disabled={state.running}
          data-testid={testId}
        >
          <Icon className="size-4" aria-hidden="true" />
          {t(label)}
        </Button>
      ))}
    </div>
  );
}
