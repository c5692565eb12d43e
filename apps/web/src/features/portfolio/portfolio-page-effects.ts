import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ADD_WALLET_ADDRESS_ID, WALLETS_ANCHOR } from "../wallets/index.ts";
import { isDebugShortcut } from "./debug-shortcut.ts";

/** The debug panel, opened and closed with its keyboard shortcut. */
export function useDebugShortcut() {
  const [debugOpen, setDebugOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isDebugShortcut(event)) return;
      event.preventDefault();
      setDebugOpen((open) => !open);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return [debugOpen, setDebugOpen] as const;
}

/**
 * The wallet section below the portfolio, loaded lazily: /portfolio#wallets scrolls to it once it is
 * there, and 'Add wallet' goes to its form, also while it is still loading.
 */
export function useWalletsAnchor() {
  const location = useLocation();
  // /portfolio#wallets (the summary card, /wallet): the section exists only once it has loaded.
  const [walletsLoaded, setWalletsLoaded] = useState(false);
  useEffect(() => {
    if (walletsLoaded && location.hash === `#${WALLETS_ANCHOR}`)
      document.getElementById(WALLETS_ANCHOR)?.scrollIntoView();
  }, [location.hash, walletsLoaded]);

  // 'Add wallet' goes to the form, also when the wallet section is still loading: as soon as it is there.
  const [toAddForm, setToAddForm] = useState(false);
  const goToAddForm = () => setToAddForm(true);
  useEffect(() => {
    if (!toAddForm || !walletsLoaded) return;
    setToAddForm(false);
    document.getElementById(WALLETS_ANCHOR)?.scrollIntoView({ behavior: "smooth" });
    document.getElementById(ADD_WALLET_ADDRESS_ID)?.focus({ preventScroll: true });
  }, [toAddForm, walletsLoaded]);
  return { setWalletsLoaded, goToAddForm };
}
