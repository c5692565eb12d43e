/**
 * Whether this browser tab showed a page of the app before the current page load. A page opened
 * by typing its address has no referrer and a router history of one entry, yet going back in
 * the tab's history still returns to the app page before it. Kept per tab (sessionStorage).
 */
const KEY = "pulsemanager.tabShowedApp";
let earlierLoad = false;

/** Called once at start-up, before anything asks. */
export function noteAppLoad(storage: Pick<Storage, "getItem" | "setItem"> | undefined = safeSessionStorage()): void {
  if (!storage) return;
  earlierLoad = storage.getItem(KEY) === "1";
  storage.setItem(KEY, "1");
}

export function tabShowedAppBefore(): boolean {
  return earlierLoad;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings): then nothing is known.
    return undefined;
  }
}
