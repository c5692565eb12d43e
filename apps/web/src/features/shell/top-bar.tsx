import { Logo } from "../../components/logo.tsx";
import { NotificationBell } from "../notifications/index.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

export function TopBar() {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-[1280px] items-center gap-3 px-4">
        <MobileMenu />
        <Logo to="/dashboard" className="min-w-0 lg:hidden" compact />
        <div className="ml-auto flex items-center gap-2">
          <NotificationBell />
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
