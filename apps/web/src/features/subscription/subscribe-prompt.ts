import { PATHS } from "../../lib/paths.ts";

export const PROMPT_STORAGE_KEY = "subscriptionPromptShown";

/**
 * A user whose trial ended is asked to subscribe, once per browser session,
 * not on /subscription (the modal is open there anyway) and not right after a payment
 * or a cancelled checkout.
 */
export function shouldPromptToSubscribe(input: {
  limited: boolean;
  pathname: string;
  returningFromStripe: boolean;
  awaitingActivation: boolean;
  alreadyPrompted: boolean;
}): boolean {
  if (!input.limited || input.alreadyPrompted) return false;
  if (input.pathname === PATHS.subscription) return false;
  return !input.returningFromStripe && !input.awaitingActivation;
}

export function alreadyPrompted(): boolean {
  try {
    return sessionStorage.getItem(PROMPT_STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberPrompted(): void {
  try {
    sessionStorage.setItem(PROMPT_STORAGE_KEY, "1");
  } catch {
    /* private mode: we may ask again after a reload */
  }
}
