import { Menu } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { dialogOnDemand } from "../../components/dialog-on-demand.tsx";

const MobileMenuDialog = dialogOnDemand(async () => (await import("./mobile-menu-dialog.tsx")).MobileMenuDialog);

/**
 * Phones and tablets: a hamburger button and a slide-in menu. Closes on navigation, Escape and a
 * click on the backdrop. The menu's dialog is loaded when it first opens (fetched ahead when idle).
 */
export function MobileMenu() {
  const { t } = useTranslation("layout");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="inline-flex size-10 items-center justify-center rounded-lg border border-border bg-surface-raised text-text lg:hidden"
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="mobile-menu-button"
        onClick={() => setOpen(true)}
      >
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <MobileMenuDialog open={open} onOpenChange={setOpen} button={button} />
    </>
  );
}
