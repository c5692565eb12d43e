import type { Blockchain } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { inputClassName } from "../../components/text-field.tsx";

/** The chain a wallet is saved for (PulseChain by default); both chains are read for every address. */
export function ChainSelect({ value, onChange }: { value: Blockchain; onChange: (b: Blockchain) => void }) {
  const { t } = useTranslation("wallets");
  return (
    <div className="space-y-1">
      <label htmlFor="walletChain" className="block text-sm font-medium">
        {t("add.chain")}
      </label>
      <select
        id="walletChain"
        className={inputClassName}
        value={value}
        aria-describedby="walletChain-hint"
        onChange={(event) => onChange(event.target.value as Blockchain)}
      >
        <option value="pulsechain">{t("add.chainPulse")}</option>
        <option value="ethereum">{t("add.chainEthereum")}</option>
      </select>
      <p id="walletChain-hint" className="text-xs text-text-muted">
        {t("add.chainHint")}
      </p>
    </div>
  );
}
