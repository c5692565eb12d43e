import { useTranslation } from "react-i18next";
import { inputClassName } from "../../components/text-field.tsx";
import { shortAddress } from "../../lib/address.ts";
import { pickedWallet, type SavedWalletChoice } from "./tracker-wallets.ts";

/** The user's saved wallets to track ("Andere Adresse" for one typed in); shown only when there are some. */
export function SavedWalletPicker(props: {
  saved: readonly SavedWalletChoice[];
  address: string;
  disabled: boolean;
  onPick: (address: string) => void;
}) {
  const { t } = useTranslation("tracker");
  if (props.saved.length === 0) return null;
  return (
    <div className="min-w-0 flex-1 basis-56 space-y-1">
      <label htmlFor="tracker-saved-wallet" className="block text-sm font-medium">
        {t("savedWallet")}
      </label>
      <select
        id="tracker-saved-wallet"
        className={inputClassName}
        value={pickedWallet(props.saved, props.address)}
        disabled={props.disabled}
        onChange={(event) => props.onPick(event.target.value)}
        data-testid="tracker-saved-wallet"
      >
        {props.saved.map((w) => (
          <option key={w.address} value={w.address}>
            {w.nickname} ({shortAddress(w.address)})
          </option>
        ))}
        <option value="">{t("otherAddress")}</option>
      </select>
    </div>
  );
}
