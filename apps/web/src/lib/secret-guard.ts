import { useCallback, useState } from "react";

/** BIP-39 phrase lengths. */
const SEED_WORD_COUNTS = new Set([12, 15, 18, 21, 24]);
const PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const LOWERCASE_WORD = /^[a-z]+$/;

/**
 * True when the text looks like a private key (64 hex characters, with or without 0x)
 * or a seed phrase (12, 15, 18, 21 or 24 lower-case words). PulseManager only ever
 * needs a public address; such input is refused in the browser and never sent.
 */
export function looksLikeSecret(text: string): boolean {
  const value = text.trim();
  if (value === "") return false;
  if (PRIVATE_KEY.test(value)) return true;
  const words = value.split(/\s+/);
  return SEED_WORD_COUNTS.has(words.length) && words.every((word) => LOWERCASE_WORD.test(word));
}

export interface SecretGuard {
  /** A secret was refused; the warning stays until the next harmless input. */
  refused: boolean;
  /**
   * Checks a new field value: a secret becomes "" (the field is cleared at once and the
   * secret is never kept in state); anything else is passed through.
   */
  check: (value: string) => string;
  /** For onPaste: true (and the paste is to be cancelled) when the pasted text is a secret. */
  refusePaste: (pasted: string) => boolean;
  dismiss: () => void;
}

export function useSecretGuard(): SecretGuard {
  const [refused, setRefused] = useState(false);
  const check = useCallback((value: string) => {
    if (looksLikeSecret(value)) {
      setRefused(true);
      return "";
    }
    if (value !== "") setRefused(false);
    return value;
  }, []);
  const refusePaste = useCallback((pasted: string) => {
    if (!looksLikeSecret(pasted)) return false;
    setRefused(true);
    return true;
  }, []);
  const dismiss = useCallback(() => setRefused(false), []);
  return { refused, check, refusePaste, dismiss };
}
