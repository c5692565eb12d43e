import { Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { useTheme } from "../../state/theme/index.ts";

/** Light/dark switch; the icon shows the theme you switch to. */
export function ThemeToggle({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const label = theme === "dark" ? t("theme.switchToLight") : t("theme.switchToDark");
  const Icon = theme === "dark" ? Sun : Moon;
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={showLabel ? undefined : label}
      title={label}
      className={cn(
        "inline-flex min-h-9 items-center gap-2 rounded-lg border border-border bg-surface-raised px-2 text-sm text-text-muted hover:text-text",
        className,
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {showLabel ? <span>{label}</span> : null}
    </button>
  );
}
