import type { Page } from "playwright-core";
import { DEFAULT_WEB_DIST } from "../../apps/server/src/app.ts";
import { type BillingTestServer, startBillingServer } from "../../apps/server/test/support/billing.ts";

export type { BillingTestServer };

/** The built app in the commercial edition, with the local fake Stripe (checkout page, portal, signed webhooks). */
export function startBillingAppServer(env: Record<string, string> = {}): Promise<BillingTestServer> {
  return startBillingServer({ webDist: DEFAULT_WEB_DIST, env });
}

export const WORDS = {
  de: {
    email: "E-Mail-Adresse",
    password: "Passwort",
    signIn: "Anmelden",
    modalTitle: "Vollen Zugriff freischalten!",
    subscribe: "Jetzt abonnieren",
    close: "Schließen",
    trialSettings: "Trial aktiv - 3 Tage verbleibend",
    trialDashboard: "Trial aktiv – noch 3 Tage verbleibend.",
    noPremium: "Kein Premium Zugang",
    premiumActive: "Premium aktiv",
    unlock: "Premium freischalten",
    manage: "Abo verwalten",
    cancelled: "Abonnement abgebrochen",
    endsOn: "Gekündigt: Premium endet am",
    settings: "Einstellungen",
  },
  en: {
    email: "Email address",
    password: "Password",
    signIn: "Sign in",
    modalTitle: "Unlock Full Access!",
    subscribe: "Subscribe Now",
    close: "Close",
    trialSettings: "Trial active - 3 days remaining",
    trialDashboard: "Trial active – 3 days remaining.",
    noPremium: "No premium access",
    premiumActive: "Premium active",
    unlock: "Unlock Premium",
    manage: "Manage subscription",
    cancelled: "Subscription cancelled",
    endsOn: "Cancelled: Premium ends on",
    settings: "Settings",
  },
} as const;

export async function logIn(page: Page, lang: "de" | "en", email: string, password: string): Promise<void> {
  const w = WORDS[lang];
  await page.goto("/auth/login");
  await page.getByLabel(w.email).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: w.signIn, exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}
