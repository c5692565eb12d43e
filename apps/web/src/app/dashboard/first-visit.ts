import { useEffect, useState } from "react";

export function visitedKey(userId: string): string {
  return `dashboardVisited_${userId}`;
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** True when this browser has not shown the dashboard to this user before: "Willkommen" rather than "Willkommen zurück". */
export function isFirstVisit(storage: Pick<Storage, "getItem"> | null, userId: string): boolean {
  try {
    return storage?.getItem(visitedKey(userId)) !== "1";
  } catch {
    return false;
  }
}

/** Decided once per page view (the greeting does not change under the user's eyes), then remembered. */
export function useFirstVisit(userId: string | undefined): boolean {
  const [first] = useState(() => (userId ? isFirstVisit(browserStorage(), userId) : false));
  useEffect(() => {
    if (!userId) return;
    try {
      browserStorage()?.setItem(visitedKey(userId), "1");
    } catch {
      /* private mode: every visit is a first one */
    }
  }, [userId]);
  return first;
}
