import { addWalletRequestSchema, type Blockchain } from "@pulsemanager/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useMe } from "../../state/session/index.ts";
import { blockchainOf } from "../wallet-reader/index.ts";
import { rememberConnection } from "./connected-wallet.ts";
import { useBrowserRead } from "./use-browser-read.ts";
import { canSubmitWallet, defaultNickname } from "./wallet-form.ts";
import { addressProblem, readableChoice, type WalletChoice, walletTypeOf } from "./wallet-type.ts";
import { invalidateWalletData, walletsApi } from "./wallets-api.ts";

/** The add-success message is shown for 3 seconds. */
export const ADD_SUCCESS_MS = 3_000;

export type AddOutcome = { kind: "created" | "updated_existing" } | null;

/** The inputs of the add-wallet form: type, address, name, chain, their errors. */
function useAddWalletInputs() {
  const [choice, setChoice] = useState<WalletChoice>("manual");
  const [address, setAddress] = useState("");
  // null: untouched, the field shows '{chain name} Wallet' for the chosen chain.
  const [nicknameInput, setNicknameInput] = useState<string | null>(null);
  const [blockchain, setBlockchain] = useState<Blockchain>("pulsechain");
  const [errors, setErrors] = useState<{ address?: string; nickname?: string }>({});
  const nickname = nicknameInput ?? defaultNickname(blockchain);
  const reset = () => {
    setChoice("manual");
    setAddress("");
    setNicknameInput(null);
    setBlockchain("pulsechain");
    setErrors({});
  };
  return {
    choice,
    setChoice,
    address,
    setAddress,
    nickname,
    setNicknameInput,
    blockchain,
    setBlockchain,
    errors,
    setErrors,
    reset,
  };
}

/** The add-wallet form's state: inputs, the browser read, the add call and its outcome. */
export function useAddWallet() {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id ?? null;
  const browser = useBrowserRead();
  const inputs = useAddWalletInputs();
  const { choice, address, nickname, blockchain, setErrors } = inputs;
  // A browser wallet to read from: the chosen one, or with a typed-in address the one found here.
  const readable = readableChoice(choice, browser.found);
  const [outcome, setOutcome] = useState<AddOutcome>(null);
  const read = browser.read?.address === address.trim().toLowerCase() ? browser.read : null;

  const add = useMutation({
    mutationFn: walletsApi.add,
    onSuccess: async (answer) => {
      if (read) rememberConnection(read, answer.data.id, userId);
      setOutcome({ kind: answer.status });
      inputs.reset();
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
    inputs.setChoice(result.walletType);
    inputs.setAddress(result.address);
    inputs.setBlockchain(blockchainOf(result.chainId));
    setErrors((e) => ({ ...e, address: "" }));
  };

  return { inputs, browser, readable, read, add, outcome, checkAddress, onSubmit, readFromBrowser };
}
