import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/select-field.tsx";
import { BROWSER_CHOICES, DEVICE_CHOICES, type WalletChoice } from "./wallet-type.ts";

/** The kind of wallet: a typed-in address, a browser wallet to read from, or a hardware or mobile wallet. */
export function WalletTypeSelect({ value, onChange }: { value: WalletChoice; onChange: (c: WalletChoice) => void }) {
  const { t } = useTranslation("wallets");
  return (
    <SelectField
      id="walletType"
      label={t("add.type")}
      value={value}
      onChange={(event) => onChange(event.target.value as WalletChoice)}
    >
      <option value="manual">{t("add.types.manual")}</option>
      <optgroup label={t("add.groupBrowser")}>
        {BROWSER_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`add.types.${choice}`)}
          </option>
        ))}
      </optgroup>
      <optgroup label={t("add.groupDevice")}>
        {DEVICE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`add.types.${choice}`)}
          </option>
        ))}
      </optgroup>
    </SelectField>
  );
}
