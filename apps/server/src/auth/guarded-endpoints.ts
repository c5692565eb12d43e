import {
  forgotPasswordSchema,
  loginSchema,
  resendConfirmationSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
} from "@pulsemanager/core";
import { z } from "zod";
import { newPasswordSchema } from "./common-passwords.ts";

/**
 * better-auth endpoints whose bodies we validate with the same shared schemas
 * the web forms use, before better-auth sees them.
 */
export const bodySchemas: Record<string, z.ZodType> = {
  "/api/auth/sign-up/email": signUpRequestSchema.extend({
    name: z.string().max(100).optional(),
    password: newPasswordSchema,
  }),
  "/api/auth/sign-in/email": loginSchema.extend({
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().optional(),
  }),
  "/api/auth/send-verification-email": resendConfirmationSchema.extend({ callbackURL: z.string().optional() }),
  "/api/auth/request-password-reset": forgotPasswordSchema.extend({ redirectTo: z.string().optional() }),
  "/api/auth/reset-password": resetPasswordRequestSchema.extend({ newPassword: newPasswordSchema }),
  "/api/auth/change-password": z.object({
    currentPassword: z.string().min(1, { message: "validation.passwordRequired" }),
    newPassword: newPasswordSchema,
    revokeOtherSessions: z.boolean().optional(),
  }),
};

/** Endpoints that send mail: limited per IP and per address so nobody can mail-bomb through us. */
export const mailSendingPaths = new Set([
  "/api/auth/sign-up/email",
  "/api/auth/send-verification-email",
  "/api/auth/request-password-reset",
]);

/**
 * The better-auth endpoints the app uses, with their methods. Everything else better-auth offers
 * (social sign-in, e-mail change, account linking, …) stays unreachable; account deletion goes
 * through /api/account/delete.
 */
export const EXPOSED_AUTH_ENDPOINTS: Record<string, readonly string[]> = {
  "/api/auth/sign-up/email": ["POST"],
  "/api/auth/sign-in/email": ["POST"],
  "/api/auth/sign-out": ["POST"],
  "/api/auth/get-session": ["GET"],
  "/api/auth/verify-email": ["GET"],
  "/api/auth/send-verification-email": ["POST"],
  "/api/auth/request-password-reset": ["POST"],
  "/api/auth/reset-password": ["POST"],
  "/api/auth/change-password": ["POST"],
};

/** Endpoints after which a session may have ended: every process forgets the sessions it remembered. */
export const SESSION_ENDING = new Set(["/api/auth/sign-out", "/api/auth/change-password", "/api/auth/reset-password"]);
