export type StrengthLevel = "weak" | "medium" | "strong";

/**
 * One point each for length >= 6, length >= 8, an uppercase letter,
 * a digit and a special character (score 0 to 5).
 */
export function passwordStrengthScore(password: string): number {
  let score = 0;
  if (password.length >= 6) score++;
  if (password.length >= 8) score++;
  if (/\p{Lu}/u.test(password)) score++;
  if (/\p{Nd}/u.test(password)) score++;
  if (/[^\p{L}\p{N}\s]/u.test(password)) score++;
  return score;
}

/** 2 or less is weak, 3 medium, above 3 strong. */
export function passwordStrengthLevel(score: number): StrengthLevel {
  if (score <= 2) return "weak";
  if (score === 3) return "medium";
  return "strong";
}
