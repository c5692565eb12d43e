import { describe, expect, it } from "vitest";
import {
  canSubmitLogin,
  canSubmitRegister,
  loginSchema,
  passwordStrengthLevel,
  passwordStrengthScore,
  registerSchema,
  updatePasswordSchema,
} from "../src/index.ts";

describe("password strength (score 0 to 5)", () => {
  it.each([
    ["", 0, "weak"],
    ["abc", 0, "weak"],
    ["abcdef", 1, "weak"],
    ["abcdefgh", 2, "weak"],
    ["Abcdefgh", 3, "medium"],
    ["Abcdefg1", 4, "strong"],
    ["Abcdef1!", 5, "strong"],
    ["abc1!", 2, "weak"],
    ["Ü1!", 3, "medium"],
  ])("%j scores %i (%s)", (pw, score, level) => {
    expect(passwordStrengthScore(pw)).toBe(score);
    expect(passwordStrengthLevel(score)).toBe(level);
  });
});

describe("form rules shared by server and web", () => {
  it("login needs an e-mail and at least 6 characters", () => {
    expect(canSubmitLogin("", "abcdef")).toBe(false);
    expect(canSubmitLogin("a@b.de", "abcde")).toBe(false);
    expect(canSubmitLogin("a@b.de", "abcdef")).toBe(true);
    expect(loginSchema.safeParse({ email: "a@b", password: "abcdef" }).success).toBe(false);
    expect(loginSchema.safeParse({ email: " a@b.de ", password: "abcdef" }).success).toBe(true);
  });

  it("register needs all fields, length >= 6 and a match", () => {
    expect(canSubmitRegister("a@b.de", "abcdef", "abcdef")).toBe(true);
    expect(canSubmitRegister("a@b.de", "abcdef", "abcdeg")).toBe(false);
    expect(canSubmitRegister("a@b.de", "abc", "abc")).toBe(false);
    expect(canSubmitRegister("", "abcdef", "abcdef")).toBe(false);
    const mismatch = registerSchema.safeParse({ email: "a@b.de", password: "abcdef", confirmPassword: "x" });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]?.message).toBe("validation.passwordMismatch");
    expect(mismatch.error?.issues[0]?.path).toEqual(["confirmPassword"]);
    const short = registerSchema.safeParse({ email: "a@b.de", password: "abc", confirmPassword: "abc" });
    expect(short.error?.issues[0]?.message).toBe("validation.passwordTooShort");
    const bad = registerSchema.safeParse({ email: "nope", password: "abcdef", confirmPassword: "abcdef" });
    expect(bad.error?.issues[0]?.message).toBe("validation.emailInvalid");
  });

  it("update password: match and length", () => {
    expect(updatePasswordSchema.safeParse({ password: "abcdef", confirmPassword: "abcdef" }).success).toBe(true);
    expect(
      updatePasswordSchema.safeParse({ password: "abcdef", confirmPassword: "abcdeg" }).error?.issues[0]?.message,
    ).toBe("validation.passwordMismatch");
    expect(updatePasswordSchema.safeParse({ password: "abc", confirmPassword: "abc" }).error?.issues[0]?.message).toBe(
      "validation.passwordTooShort",
    );
  });
});
