import {
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordSchema,
  resendConfirmationSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
} from "@pulsemanager/core";
import { z } from "zod";

/**
 * better-auth endpoints whose bodies we validate with the same shared schemas
 * the web forms use, before better-auth sees them.
 */
export const bodySchemas: Record<string, z.ZodType> = {
  "/api/auth/sign-up/email": signUpRequestSchema.extend({ name: z.string().max(100).optional() }),
  "/api/auth/sign-in/email": loginSchema.extend({
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().optional(),
  }),
  "/api/auth/send-verification-email": resendConfirmationSchema.extend({ callbackURL: z.string().optional() }),
  "/api/auth/request-password-reset": forgotPasswordSchema.extend({ redirectTo: z.string().optional() }),
  "/api/auth/reset-password": resetPasswordRequestSchema,
  // Account deletion always needs the password again (never session freshness alone).
  "/api/auth/delete-user": deleteAccountSchema,
  "/api/auth/change-password": z.object({
    currentPassword: z.string().min(1, { message: "validation.passwordRequired" }),
    newPassword: passwordSchema,
    revokeOtherSessions: z.boolean().optional(),
  }),
};

/** Endpoints that send mail: limited per IP and per address so nobody can mail-bomb through us. */
export const mailSendingPaths = new Set([
  "/api/auth/sign-up/email",
  "/api/auth/send-verification-email",
  "/api/auth/request-password-reset",
]);
