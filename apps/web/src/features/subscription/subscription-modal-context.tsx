import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { awaitingActivation, useAccess } from "../../state/session/index.ts";
import { onPremiumRequired } from "./premium-required.ts";
import { stripeReturnOf } from "./stripe-return.ts";
import { alreadyPrompted, rememberPrompted, shouldPromptToSubscribe } from "./subscribe-prompt.ts";
import { SubscriptionModal } from "./subscription-modal.tsx";

interface OpenOptions {
  /** Called after the modal was closed by the user (the /subscription route goes back in history). */
  onClose?: () => void;
}

interface SubscriptionModalContextValue {
  openSubscriptionModal: (options?: OpenOptions) => void;
  closeSubscriptionModal: () => void;
}

const SubscriptionModalContext = createContext<SubscriptionModalContextValue | null>(null);

export function SubscriptionModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const onCloseRef = useRef<(() => void) | undefined>(undefined);

  const openSubscriptionModal = useCallback((options?: OpenOptions) => {
    onCloseRef.current = options?.onClose;
    setOpen(true);
  }, []);

  /** Closed without a callback (e.g. when the /subscription page is left). */
  const closeSubscriptionModal = useCallback(() => {
    onCloseRef.current = undefined;
    setOpen(false);
  }, []);

  const dismiss = useCallback(() => {
    const onClose = onCloseRef.current;
    onCloseRef.current = undefined;
    setOpen(false);
    onClose?.();
  }, []);

  // Any call refused with 403 PREMIUM_REQUIRED opens the modal.
  useEffect(() => onPremiumRequired(() => openSubscriptionModal()), [openSubscriptionModal]);
  useSubscribePrompt(openSubscriptionModal);

  const value = useMemo(
    () => ({ openSubscriptionModal, closeSubscriptionModal }),
    [openSubscriptionModal, closeSubscriptionModal],
  );
  return (
    <SubscriptionModalContext.Provider value={value}>
      {children}
      <SubscriptionModal open={open} onDismiss={dismiss} />
    </SubscriptionModalContext.Provider>
  );
}

/** Once per browser session, a user whose trial ended meets the modal. */
function useSubscribePrompt(openModal: () => void) {
  const { limited } = useAccess();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const prompt = shouldPromptToSubscribe({
      limited,
      pathname,
      returningFromStripe: stripeReturnOf(search) !== null,
      awaitingActivation: awaitingActivation(),
      alreadyPrompted: alreadyPrompted(),
    });
    if (!prompt) return;
    rememberPrompted();
    openModal();
  }, [limited, pathname, search, openModal]);
}

export function useSubscriptionModal(): SubscriptionModalContextValue {
  const value = useContext(SubscriptionModalContext);
  if (!value) throw new Error("useSubscriptionModal must be used inside SubscriptionModalProvider");
  return value;
}
