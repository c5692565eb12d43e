import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./form-readiness.ts";

export { canSubmitLogin, canSubmitRegister, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./form-readiness.ts";

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
