import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { SidebarContent } from "./sidebar-content.tsx";

export interface MobileMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, focused again when the menu closes. */
  button: RefObject<HTMLButtonElement | null>;
}

/** The slide-in menu (20rem, at most 85vw); loaded on demand by ./mobile-menu.tsx. */
export function MobileMenuDialog({ open, onOpenChange, button }: MobileMenuDialogProps) {
  const { t } = useTranslation("layout");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] border-r border-border bg-surface-raised text-text shadow-xl lg:hidden"
          aria-describedby={undefined}
          data-testid="mobile-menu"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">{t("nav.menuTitle")}</Dialog.Title>
          <Dialog.Close
            className="absolute top-4 right-4 z-10 rounded-md p-1 text-text-muted hover:text-text"
            aria-label={t("nav.closeMenu")}
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          <SidebarContent testIdPrefix="mobile-" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
