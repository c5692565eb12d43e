import { passwordStrengthLevel, passwordStrengthScore } from "@pulsemanager/core";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn.ts";

/** One bar segment per point of the 0–5 score. */
const SEGMENTS = ["length6", "length8", "uppercase", "digit", "special"] as const;
const levelColor = { weak: "bg-negative", medium: "bg-warning", strong: "bg-positive" } as const;
const levelText = { weak: "text-negative", medium: "text-warning", strong: "text-positive" } as const;

/** Score 0–5 (docs/product/accounts-and-plans.md) as a bar and a word. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation("auth");
  if (password === "") return null;
  const score = passwordStrengthScore(password);
  const level = passwordStrengthLevel(score);
  return (
    <div id={id} className="space-y-1" data-testid="password-strength" data-level={level}>
      <div className="flex gap-1" aria-hidden="true">
        {SEGMENTS.map((segment, index) => (
          <span
            key={segment}
            className={cn("h-1.5 flex-1 rounded-full", index < score ? levelColor[level] : "bg-border")}
          />
        ))}
      </div>
      <p className="text-xs text-text-muted">
        {t("strength.label")}: <span className={cn("font-medium", levelText[level])}>{t(`strength.${level}`)}</span>
      </p>
    </div>
  );
}
