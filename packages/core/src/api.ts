import { z } from "zod";
import { billingViewSchema } from "./subscription/billing-api.ts";

/** GET /api/me */
export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
  }),
  subscription: z.object({
    status: z.enum(["trial", "active", "inactive"]),
    daysRemaining: z.number().int(),
    trialEndsAt: z.string().nullable(),
    plan: z.enum(["premium", "basic"]),
    message: z.string().optional(),
  }),
  isAdmin: z.boolean(),
  /** community: no billing, everything unlocked; commercial: Stripe billing. */
  edition: z.enum(["community", "commercial"]),
  /** The server's access decision (decideAccess): "limited" is the Basic plan. */
  access: z.enum(["full", "limited"]),
  /** Stripe facts, null in the Community Edition. */
  billing: billingViewSchema.nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/config: public facts the web app needs before login. */
export const publicConfigSchema = z.object({
  version: z.string(),
  edition: z.enum(["community", "commercial"]),
  mailOutbox: z.boolean(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/dev/outbox (only without SMTP, only from loopback). */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export const outboxResponseSchema = z.object({ mails: z.array(outboxMailSchema) });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** Everyone sees the status; version and database only a caller on the server's machine or with the health token. */
export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string().optional(),
  database: z
    .object({
      engine: z.enum(["pglite", "postgresql"]),
      reachable: z.boolean(),
      migrations: z.object({ applied: z.number().int(), expected: z.number().int(), upToDate: z.boolean() }),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
