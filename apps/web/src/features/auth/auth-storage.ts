const APP_PREFERENCE_KEYS = new Set(["appTheme", "appLanguage"]);

/** Storage keys that may hold auth state (cleared when sign-out fails); preferences stay. */
export function authStorageKeys(keys: readonly string[]): string[] {
  return keys.filter((key) => !APP_PREFERENCE_KEYS.has(key) && /auth|session|token|user/i.test(key));
}

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** On sign-out failure, clear local auth storage and the session storage. */
export function clearLocalAuthState(): void {
  try {
    for (const key of authStorageKeys(keysOf(localStorage))) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch (error) {
    console.error("Could not clear local auth state", error);
  }
}
