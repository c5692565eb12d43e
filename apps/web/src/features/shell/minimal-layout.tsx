import { lazy, Suspense, useState } from "react";
import { Outlet } from "react-router";
import { Logo } from "../../components/logo.tsx";
import { AppFooter } from "./app-footer.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

// The dialog (and its Radix machinery) loads when first opened, not with the sign-in page.
const ContactDialog = lazy(async () => ({ default: (await import("./contact-dialog.tsx")).ContactDialog }));

/** Auth, legal and other public pages: centred content, footer, contact dialog. */
export function MinimalLayout() {
  const [contactOpen, setContactOpen] = useState(false);
  const [contactUsed, setContactUsed] = useState(false);
  return (
    <>
      <SkipLink />
      <div className="flex min-h-screen flex-col overflow-x-clip bg-surface text-text">
        <header className="border-b border-border">
          <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4">
            <Logo to="/" compact />
            <div className="ml-auto flex items-center gap-2">
              <LanguageSwitch />
              <ThemeToggle />
            </div>
          </div>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:py-12">
          {/* While a page loads, its route shows "Lade Seite..." here (app/router.tsx). */}
          <Outlet />
        </main>
        <AppFooter
          variant="minimal"
          onContact={() => {
            setContactUsed(true);
            setContactOpen(true);
          }}
        />
      </div>
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
