import { PREMIUM_REQUIRED } from "@pulsemanager/core";
import { ApiError } from "../../lib/api.ts";

/** A call the server refused because the user is on the Basic plan (403 PREMIUM_REQUIRED). */
export function isPremiumRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === PREMIUM_REQUIRED;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * The query client lives outside React; it reports refused calls here and the
 * subscription modal (inside the signed-in layout) listens.
 */
export function notifyPremiumRequired(): void {
  for (const listener of listeners) listener();
}

export function onPremiumRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
