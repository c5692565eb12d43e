import { useEffect, useState } from "react";

/** Calls `fn` once `ms` after the last call (a typing pause); `cancel` drops a waiting call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  call.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return call;
}

/** The value after it has not changed for `ms` (a search asks the server once per pause, not per key). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const update = debounce(setSettled, ms);
    update(value);
    return update.cancel;
  }, [value, ms]);
  return settled;
}
