import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { SidebarContent } from "./sidebar-content.tsx";

/**
 * Phones and tablets: a hamburger button and a slide-in menu (20rem, at most 85vw).
 * Closes on navigation, Escape and a click on the backdrop.
 */
export function MobileMenu() {
  const { t } = useTranslation("layout");
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="inline-flex size-10 items-center justify-center rounded-lg border border-border bg-surface-raised text-text lg:hidden"
        aria-label={t("nav.openMenu")}
        data-testid="mobile-menu-button"
      >
        <Menu className="size-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] border-r border-border bg-surface-raised text-text shadow-xl lg:hidden"
          aria-describedby={undefined}
          data-testid="mobile-menu"
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
