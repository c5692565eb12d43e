/** After a successful payment the webhook may land a moment later: /api/me is re-read this often, this long. */
export const ACTIVATION_POLL_MS = 2_000;
export const ACTIVATION_WAIT_MS = 60_000;

let awaitingUntil = 0;

export function startAwaitingActivation(now = Date.now()): void {
  awaitingUntil = now + ACTIVATION_WAIT_MS;
}

export function stopAwaitingActivation(): void {
  awaitingUntil = 0;
}

export function awaitingActivation(now = Date.now()): boolean {
  return now < awaitingUntil;
}
