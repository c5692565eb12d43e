import { addWalletRequestSchema, type Blockchain } from "@pulsemanager/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { SecretGuardInput } from "../../components/secret-guard-input.tsx";
import { inputClassName } from "../../components/text-field.tsx";
import { fieldErrors } from "../../lib/form-errors.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
/** The id of the address field: the empty state's button focuses it. */
import { ADD_WALLET_ADDRESS_ID } from "./anchors.ts";
import { canSubmitWallet, defaultNickname, walletErrorMessage } from "./wallet-form.ts";
import { invalidateWalletData, walletsApi } from "./wallets-api.ts";

export { ADD_WALLET_ADDRESS_ID };

/** Spec 02 §4: the add-success message is shown for 3 seconds. */
export const ADD_SUCCESS_MS = 3_000;

type Outcome = { kind: "created" | "updated_existing" } | null;

/** Spec 02 §2 "Wallet management": address, nickname, blockchain (default PulseChain 369). */
export function AddWalletForm() {
  const { t } = useTranslation("wallets");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState("");
  // null: untouched, the field shows '{chain name} Wallet' for the chosen chain.
  const [nicknameInput, setNicknameInput] = useState<string | null>(null);
  const [blockchain, setBlockchain] = useState<Blockchain>("pulsechain");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const nickname = nicknameInput ?? defaultNickname(blockchain);

  const add = useMutation({
    mutationFn: walletsApi.add,
    onSuccess: async (answer) => {
      setOutcome({ kind: answer.status });
      setAddress("");
      setNicknameInput(null);
      setBlockchain("pulsechain");
      setErrors({});
      await invalidateWalletData(queryClient);
    },
  });

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), ADD_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const validate = () => {
    const parsed = addWalletRequestSchema.safeParse({ address, nickname, blockchain });
    setErrors(fieldErrors(parsed));
    return parsed;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitWallet(address, nickname, add.isPending)) return;
    const parsed = validate();
    if (!parsed.success) return;
    setOutcome(null);
    add.mutate({ address: parsed.data.address, nickname: parsed.data.nickname, blockchain: parsed.data.blockchain });
  };

  const fieldError = (field: string) => (errors[field] ? t(`common:${errors[field]}`) : null);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="add-wallet-form">
      <h3 className="text-base font-semibold">{t("add.title")}</h3>
      <SecretGuardInput
        id={ADD_WALLET_ADDRESS_ID}
        label={t("add.address")}
        placeholder="0x..."
        value={address}
        error={fieldError("address")}
        onBlur={() => {
          if (address.trim() !== "") {
            const parsed = addWalletRequestSchema.shape.address.safeParse(address);
            setErrors((e) => ({ ...e, address: parsed.success ? "" : "wallet.invalidAddress" }));
          }
        }}
        onValueChange={(value) => {
          setAddress(value);
          if (errors.address) setErrors((e) => ({ ...e, address: "" }));
        }}
      />
      <div className="grid gap-4">
        <SecretGuardInput
          id="walletNickname"
          label={t("add.nickname")}
          value={nickname}
          maxLength={64}
          error={fieldError("nickname")}
          onValueChange={(value) => {
            setNicknameInput(value);
            setErrors((e) => ({ ...e, nickname: value.trim() === "" ? "wallet.nicknameRequired" : "" }));
          }}
        />
        <div className="space-y-1">
          <label htmlFor="walletChain" className="block text-sm font-medium">
            {t("add.chain")}
          </label>
          <select
            id="walletChain"
            className={inputClassName}
            value={blockchain}
            onChange={(event) => setBlockchain(event.target.value as Blockchain)}
          >
            <option value="pulsechain">{t("add.chainPulse")}</option>
            <option value="ethereum">{t("add.chainEthereum")}</option>
          </select>
        </div>
      </div>
      {add.isError ? (
        <Alert variant="error">{t("add.failed", { message: errorText(walletErrorMessage(add.error)) })}</Alert>
      ) : null}
      {outcome ? (
        <Alert
          variant="success"
          title={outcome.kind === "updated_existing" ? t("add.updatedTitle") : t("add.createdTitle")}
        >
          {outcome.kind === "updated_existing" ? t("add.updatedText") : t("add.createdText")}
        </Alert>
      ) : null}
      <Button type="submit" loading={add.isPending} disabled={!canSubmitWallet(address, nickname, add.isPending)}>
        {add.isPending ? null : <Plus className="size-4" aria-hidden="true" />}
        {add.isPending ? t("add.submitting") : t("add.submit")}
      </Button>
    </form>
  );
}
