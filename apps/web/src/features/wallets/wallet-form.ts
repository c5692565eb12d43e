import { type Blockchain, defaultWalletNickname } from "@pulsemanager/core";
import { ApiError } from "../../lib/api.ts";
import { type ErrorMessage, errorMessageFor } from "../../lib/error-message.ts";

/** A wallet's default nickname (core's, the same the server gives). */
export const defaultNickname: (blockchain: Blockchain) => string = defaultWalletNickname;

/** The add button is disabled while submitting or while address or nickname is empty. */
export function canSubmitWallet(address: string, nickname: string, submitting: boolean): boolean {
  return !submitting && address.trim() !== "" && nickname.trim() !== "";
}

/**
 * The message after a failed wallet call. Field problems of a 400 come as message keys
 * of the shared schema (wallet.invalidAddress...), in the namespace "common".
 */
export function walletErrorMessage(error: unknown): ErrorMessage {
  if (error instanceof ApiError) {
    const fields = error.body?.fields;
    const first = fields ? Object.values(fields)[0] : undefined;
    if (first?.startsWith("wallet.")) return { key: first };
    if (error.code === "INVALID_ADDRESS") return { key: "wallet.invalidAddress" };
    if (error.code === "NICKNAME_REQUIRED") return { key: "wallet.nicknameRequired" };
  }
  return errorMessageFor(error);
}
