import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";
import { changeDirection, changeOrDash } from "./market-figures.ts";

const COLOURS = { up: "text-positive", down: "text-negative", flat: "text-text-muted" };

/** A change in percent, signed and coloured (green up, red down), "–" when unknown. */
export function ChangeText({ value, className }: { value: string | null; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={cn("tabular", COLOURS[changeDirection(value)], className)}>
      {changeOrDash(value, i18n.language)}
    </span>
  );
}
