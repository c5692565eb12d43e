import { addWalletRequestSchema, type Blockchain } from "@pulsemanager/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { SecretGuardInput } from "../../components/secret-guard-input.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useAccess, useMe } from "../../state/session/index.ts";
import { blockchainOf } from "../wallet-reader/index.ts";
import { ADD_WALLET_ADDRESS_ID } from "./anchors.ts";
import { BrowserReadPanel } from "./browser-read-panel.tsx";
import { ChainSelect } from "./chain-select.tsx";
import { rememberConnection } from "./connected-wallet.ts";
import { useBrowserRead } from "./use-browser-read.ts";
import { canSubmitWallet, defaultNickname, walletErrorMessage } from "./wallet-form.ts";
import { addressProblem, isDeviceChoice, readableChoice, type WalletChoice, walletTypeOf } from "./wallet-type.ts";
import { WalletTypeSelect } from "./wallet-type-select.tsx";
import { invalidateWalletData, walletsApi } from "./wallets-api.ts";

export { ADD_WALLET_ADDRESS_ID };

/** The add-success message is shown for 3 seconds. */
export const ADD_SUCCESS_MS = 3_000;

type Outcome = { kind: "created" | "updated_existing" } | null;

/**
 * The one way to add a wallet: its type, the address (typed in, or read from a browser wallet),
 * a name and the blockchain (default PulseChain).
 */
export function AddWalletForm() {
  const { t } = useTranslation("wallets");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const access = useAccess();
  const userId = useMe().data?.user.id ?? null;
  const browser = useBrowserRead();
  const [choice, setChoice] = useState<WalletChoice>("manual");
  // A browser wallet to read from: the chosen one, or with a typed-in address the one found here.
  const readable = readableChoice(choice, browser.found);
  const [address, setAddress] = useState("");
  // null: untouched, the field shows '{chain name} Wallet' for the chosen chain.
  const [nicknameInput, setNicknameInput] = useState<string | null>(null);
  const [blockchain, setBlockchain] = useState<Blockchain>("pulsechain");
  const [errors, setErrors] = useState<{ address?: string; nickname?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const nickname = nicknameInput ?? defaultNickname(blockchain);
  const read = browser.read?.address === address.trim().toLowerCase() ? browser.read : null;

  const add = useMutation({
    mutationFn: walletsApi.add,
    onSuccess: async (answer) => {
      if (read) rememberConnection(read, answer.data.id, userId);
      setOutcome({ kind: answer.status });
      setChoice("manual");
      setAddress("");
      setNicknameInput(null);
      setBlockchain("pulsechain");
      setErrors({});
      browser.clear();
      await invalidateWalletData(queryClient);
    },
  });

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), ADD_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const checkAddress = () => setErrors((e) => ({ ...e, address: addressProblem(choice, address) ?? "" }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitWallet(address, nickname, add.isPending)) return;
    const problem = addressProblem(choice, address);
    const parsed = addWalletRequestSchema.safeParse({ address, nickname, blockchain });
    const nicknameKey = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === "nickname")?.message;
    setErrors({ address: problem ?? "", nickname: nicknameKey ? `common:${nicknameKey}` : "" });
    if (problem || !parsed.success) return;
    setOutcome(null);
    const walletType = read?.walletType ?? walletTypeOf(choice);
    add.mutate({ ...parsed.data, ...(walletType ? { wallet_type: walletType } : {}) });
  };

  const readFromBrowser = async () => {
    if (!readable) return;
    const result = await browser.start(readable);
    if (!result) return;
    setChoice(result.walletType);
    setAddress(result.address);
    setBlockchain(blockchainOf(result.chainId));
    setErrors((e) => ({ ...e, address: "" }));
  };

  const browserName = readable === "generic" ? t("reader:genericWallet") : readable;
  const failedKey = choice === "Trezor" ? "reader:errors.trezorFailed" : "add.failed";

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="add-wallet-form">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold">{t("add.title")}</h3>
        <span
          className="rounded-full border border-border bg-surface-sunken px-3 py-1 text-xs font-medium text-text-muted"
          data-testid="reader-plan"
        >
          {access.limited ? t("reader:plan.basic") : t("reader:plan.premium")}
        </span>
      </div>
      <WalletTypeSelect
        value={choice}
        onChange={(next) => {
          setChoice(next);
          browser.clear();
          setErrors((e) => ({ ...e, address: "" }));
        }}
      />
      {readable ? (
        <BrowserReadPanel
          name={browserName ?? ""}
          reading={browser.reading}
          read={read}
          message={browser.message}
          onRead={() => void readFromBrowser()}
        />
      ) : (
        <p className="text-xs text-text-muted" data-testid="type-hint">
          {isDeviceChoice(choice) ? t("add.hintDevice") : t("add.hintManual")}
        </p>
      )}
      <SecretGuardInput
        id={ADD_WALLET_ADDRESS_ID}
        label={isDeviceChoice(choice) ? t("reader:manual.address", { type: choice }) : t("add.address")}
        placeholder="0x..."
        value={address}
        error={errors.address ? t(errors.address) : null}
        onBlur={() => {
          if (address.trim() !== "") checkAddress();
        }}
        onValueChange={(value) => {
          setAddress(value);
          if (errors.address) setErrors((e) => ({ ...e, address: "" }));
        }}
      />
      <SecretGuardInput
        id="walletNickname"
        label={t("add.nickname")}
        value={nickname}
        maxLength={64}
        error={errors.nickname ? t(errors.nickname) : null}
        onValueChange={(value) => {
          setNicknameInput(value);
          setErrors((e) => ({ ...e, nickname: value.trim() === "" ? "common:wallet.nicknameRequired" : "" }));
        }}
      />
      <ChainSelect value={blockchain} onChange={setBlockchain} />
      {add.isError ? (
        <Alert variant="error">{t(failedKey, { message: errorText(walletErrorMessage(add.error)) })}</Alert>
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
