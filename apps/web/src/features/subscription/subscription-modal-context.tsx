import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
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

  /** Closed without a callback (e.g. when the user goes to subscribe). */
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

  const value = useMemo(
    () => ({ openSubscriptionModal, closeSubscriptionModal }),
    [openSubscriptionModal, closeSubscriptionModal],
  );
  return (
    <SubscriptionModalContext.Provider value={value}>
      {children}
      <SubscriptionModal open={open} onDismiss={dismiss} onSubscribe={closeSubscriptionModal} />
    </SubscriptionModalContext.Provider>
  );
}

export function useSubscriptionModal(): SubscriptionModalContextValue {
  const value = useContext(SubscriptionModalContext);
  if (!value) throw new Error("useSubscriptionModal must be used inside SubscriptionModalProvider");
  return value;
}
