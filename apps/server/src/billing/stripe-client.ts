import Stripe from "stripe";
import type { AppConfig } from "../config.ts";

export type StripeClient = Stripe;

/** What billing needs from the configuration; present only in the commercial edition. */
export interface StripeSettings {
  priceId: string;
  webhookSecret: string;
}

/**
 * The server's only Stripe client (null in the Community Edition). STRIPE_API_BASE points the
 * library at a local fake in tests; the secret key never leaves the server.
 */
export function createStripeClient(config: AppConfig): StripeClient | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: "PulseManager", url: "https://github.com/pulsemanager" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

export function stripeSettings(config: AppConfig): StripeSettings | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PRICE_ID || !config.STRIPE_WEBHOOK_SECRET) return null;
  return { priceId: config.STRIPE_PRICE_ID, webhookSecret: config.STRIPE_WEBHOOK_SECRET };
}
