import { INSPECTOR_PRESET, type InspectorQuery } from "@pulsemanager/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { useWallets } from "../wallets/index.ts";
import {
  inspectorApi,
  type LoadProgress,
  loadAllTransactions,
  StuckCursorError,
  validateInspectorInput,
} from "./inspector-api.ts";

/** The wallet select's choice that types an address instead. */
export const OTHER_WALLET = "other";
export type InspectorAction = "diagnostic" | "all" | "compare";

/** The inspector's inputs: a saved wallet or a typed address, the chain and the token. */
function useInspectorInputs() {
  const wallets = useWallets();
  const saved = [...new Set((wallets.data ?? []).map((w) => w.address.toLowerCase()))];
  const [walletChoice, setWalletChoice] = useState("");
  const [typed, setTyped] = useState("");
  const [chainId, setChainId] = useState<number>(INSPECTOR_PRESET.chainId);
  const [token, setToken] = useState<string>(INSPECTOR_PRESET.token);
  const typing = walletChoice === OTHER_WALLET || (saved.length === 0 && !wallets.isPending);
  const address = typing ? typed : walletChoice || saved[0] || "";
  return {
    wallets: wallets.data ?? [],
    saved,
    walletChoice,
    setWalletChoice,
    typed,
    setTyped,
    typing,
    address,
    chainId,
    setChainId,
    token,
    setToken,
  };
}

/** The inspector's state: inputs, the three actions, their progress and errors. */
export function useInspector() {
  const { t } = useTranslation("debug");
  const errorText = useErrorText();
  const inputs = useInspectorInputs();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [action, setAction] = useState<InspectorAction | null>(null);
  const [progress, setProgress] = useState<LoadProgress | null>(null);

  const diagnostic = useMutation({ mutationFn: (q: InspectorQuery) => inspectorApi.diagnostic(q) });
  const compare = useMutation({ mutationFn: (q: InspectorQuery) => inspectorApi.compare(q) });
  const all = useMutation({
    mutationFn: (q: InspectorQuery) => loadAllTransactions(q, setProgress),
    onError: () => setProgress((p) => ({ percent: 0, loaded: p?.loaded ?? 0, total: p?.total ?? 0 })),
  });
  const running = diagnostic.isPending || compare.isPending || all.isPending;
  const current = action === "diagnostic" ? diagnostic : action === "compare" ? compare : action === "all" ? all : null;

  const run = (which: InspectorAction) => {
    const checked = validateInspectorInput({ address: inputs.address, chainId: inputs.chainId, token: inputs.token });
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    setAction(which);
    if (which === "diagnostic") diagnostic.mutate(checked.query);
    if (which === "compare") compare.mutate(checked.query);
    if (which === "all") {
      setProgress({ percent: 0, loaded: 0, total: 0 });
      all.mutate(checked.query);
    }
  };

  // A 400 names its fields by message key; anything else is one message.
  const error = current?.error ?? null;
  const serverFields = error instanceof ApiError ? (error.body?.fields ?? {}) : {};
  const shownFields: Record<string, string | undefined> = { ...serverFields, ...fields };
  const fieldText = (key: string | undefined) =>
    key ? t(key.startsWith("inspector.") ? key : "inspector.invalidCursor") : null;
  const generalError =
    error && Object.keys(serverFields).length === 0
      ? error instanceof StuckCursorError
        ? t("inspector.stuck")
        : errorText(error)
      : null;

  return { inputs, action, progress, diagnostic, compare, all, running, run, shownFields, fieldText, generalError };
}

export type InspectorState = ReturnType<typeof useInspector>;
