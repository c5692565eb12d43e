import { type WalletType, walletAddressSchema } from "@pulsemanager/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import { SecretGuardInput } from "../../components/secret-guard-input.tsx";
import { inputClassName } from "../../components/text-field.tsx";

/** Hardware and mobile wallets: only the address is typed in (spec 02 §1, §3). */
export const MANUAL_WALLET_TYPES = ["Trezor", "Tangem", "Trust", "Coinbase"] as const satisfies readonly WalletType[];
export type ManualWalletType = (typeof MANUAL_WALLET_TYPES)[number];

/** Spec 02 §5: the typed address must start with 0x (and be a real address). */
export function manualAddressValid(address: string): boolean {
  return address.trim().startsWith("0x") && walletAddressSchema.safeParse(address).success;
}

/** The error key per type: 'Trezor-Adresse ungültig oder nicht eingegeben.' and so on. */
export function manualAddressErrorKey(type: ManualWalletType): string {
  return `manual.invalid.${type}`;
}

interface ManualWalletFormProps {
  busy: boolean;
  onSubmit: (address: string, type: ManualWalletType) => void;
}

export function ManualWalletForm({ busy, onSubmit }: ManualWalletFormProps) {
  const { t } = useTranslation("reader");
  const [type, setType] = useState<ManualWalletType>("Trezor");
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!manualAddressValid(address)) {
      setError(t(manualAddressErrorKey(type)));
      return;
    }
    setError(null);
    onSubmit(address.trim(), type);
    setAddress("");
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3" data-testid="manual-wallet-form">
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <div className="space-y-1">
          <label htmlFor="manualWalletType" className="block text-sm font-medium">
            {t("manual.type")}
          </label>
          <select
            id="manualWalletType"
            className={inputClassName}
            value={type}
            onChange={(event) => {
              setType(event.target.value as ManualWalletType);
              setError(null);
            }}
          >
            {MANUAL_WALLET_TYPES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <SecretGuardInput
          id="manualWalletAddress"
          label={t("manual.address", { type })}
          placeholder="0x..."
          value={address}
          error={error}
          onValueChange={(value) => {
            setAddress(value);
            if (error) setError(null);
          }}
        />
      </div>
      <p className="text-xs text-text-muted">{t("manual.hint")}</p>
      <Button type="submit" variant="secondary" loading={busy}>
        {t("manual.submit")}
      </Button>
    </form>
  );
}
