import { z } from "zod";

/** Spec 01 §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound keeps hashing cheap and matches better-auth's default. */
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Validation messages are i18n keys (namespace "validation"), so server and web
 * report the same rule in the user's language.
 */
export const emailSchema = z
  .string({ error: "validation.emailRequired" })
  .trim()
  .min(1, { message: "validation.emailRequired" })
  .max(254, { message: "validation.emailInvalid" })
  .pipe(z.email({ message: "validation.emailInvalid" }));

export const passwordSchema = z
  .string({ error: "validation.passwordTooShort" })
  .min(MIN_PASSWORD_LENGTH, { message: "validation.passwordTooShort" })
  .max(MAX_PASSWORD_LENGTH, { message: "validation.passwordTooLong" });

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

export const registerSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "validation.passwordMismatch",
    path: ["confirmPassword"],
  });

/** Server-side sign-up body (the confirmation is a form concern only). */
export const signUpRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

export const resendConfirmationSchema = z.object({ email: emailSchema });
export const forgotPasswordSchema = z.object({ email: emailSchema });

export const updatePasswordSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "validation.passwordMismatch",
    path: ["confirmPassword"],
  });

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1),
  newPassword: passwordSchema,
});

export const deleteAccountSchema = z.object({
  password: z.string().min(1, { message: "validation.passwordRequired" }),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

/** Login submit is enabled with an e-mail and a password of at least 6 characters (spec 01 §5). */
export function canSubmitLogin(email: string, password: string): boolean {
  return email.trim().length > 0 && password.length >= MIN_PASSWORD_LENGTH;
}

/** Register submit: all fields filled, length >= 6 and a match (spec 01 §5). */
export function canSubmitRegister(email: string, password: string, confirmPassword: string): boolean {
  return (
    email.trim().length > 0 &&
    password.length >= MIN_PASSWORD_LENGTH &&
    confirmPassword.length > 0 &&
    password === confirmPassword
  );
}
