import type { Blockchain } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/select-field.tsx";

/** The chain a wallet is saved for (PulseChain by default); both chains are read for every address. */
export function ChainSelect({ value, onChange }: { value: Blockchain; onChange: (b: Blockchain) => void }) {
  const { t } = useTranslation("wallets");
  return (
    <SelectField
      id="walletChain"
      label={t("add.chain")}
      hint={t("add.chainHint")}
      value={value}
      onChange={(event) => onChange(event.target.value as Blockchain)}
    >
      <option value="pulsechain">{t("add.chainPulse")}</option>
      <option value="ethereum">{t("add.chainEthereum")}</option>
    </SelectField>
  );
}
