import { useState } from "react";
import { Outlet } from "react-router";
import { AccountLanguageSync } from "../settings/index.ts";
import { StripeReturnHandler, SubscriptionModalProvider } from "../subscription/index.ts";
import { AppFooter } from "./app-footer.tsx";
import { ContactDialog } from "./contact-dialog.tsx";
import { FeedbackDialog } from "./feedback-dialog.tsx";
import { SidebarContent } from "./sidebar-content.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link.tsx";
import { TopBar } from "./top-bar.tsx";

/** Signed-in pages: sidebar (lg and up) or slide-in menu, top bar, content, footer. */
export function MainLayout() {
  const [contactOpen, setContactOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <SubscriptionModalProvider>
      <AccountLanguageSync />
      <StripeReturnHandler />
      <SkipLink />
      <div className="min-h-screen overflow-x-clip bg-surface text-text">
        <aside className="fixed inset-y-0 left-0 z-20 hidden w-64 border-r border-border bg-surface-raised lg:block">
          <SidebarContent />
        </aside>
        <div className="flex min-h-screen min-w-0 flex-col lg:pl-64">
          <TopBar />
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-[1280px] flex-1 px-4 py-6 sm:px-6 lg:py-8"
          >
            {/* While a page loads, its route shows "Lade Seite..." here (app/router.tsx). */}
            <Outlet />
          </main>
          <AppFooter onContact={() => setContactOpen(true)} onFeedback={() => setFeedbackOpen(true)} />
        </div>
      </div>
      <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
    </SubscriptionModalProvider>
  );
}
