import { useTranslation } from "react-i18next";
import { inputClassName, TextField } from "../../components/text-field.tsx";
import { formatTokenBalance } from "../../lib/format-number.ts";
import type { TradeToken } from "./trade-form.ts";

/** The select's value for "type a contract address". */
export const CUSTOM_TOKEN = "custom";

interface TokenPickerProps {
  id: string;
  label: string;
  choices: readonly TradeToken[];
  /** A holding's address, or CUSTOM_TOKEN. */
  choice: string;
  custom: string;
  onChoice: (choice: string) => void;
  onCustom: (address: string) => void;
}

/** One side of the trade: a holding, or any contract address typed in. */
export function TokenPicker({ id, label, choices, choice, custom, onChoice, onCustom }: TokenPickerProps) {
  const { t, i18n } = useTranslation("trade");
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-text">
        {label}
      </label>
      <select id={id} className={inputClassName} value={choice} onChange={(e) => onChoice(e.target.value)}>
        {choices.map((token) => (
          <option key={token.address} value={token.address}>
            {token.balance === null
              ? token.symbol
              : t("picker.holding", {
                  symbol: token.symbol,
                  balance: formatTokenBalance(token.balance, i18n.language),
                })}
          </option>
        ))}
        <option value={CUSTOM_TOKEN}>{t("picker.custom")}</option>
      </select>
      {choice === CUSTOM_TOKEN ? (
        <TextField
          id={`${id}-address`}
          label={t("picker.addressLabel")}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          value={custom}
          onChange={(e) => onCustom(e.target.value)}
          hint={t("picker.addressHint")}
        />
      ) : null}
    </div>
  );
}
