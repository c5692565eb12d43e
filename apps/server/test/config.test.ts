import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";

describe("configuration", () => {
  it("has working defaults for a fresh self-hosted start", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.appUrl).toBe("http://localhost:3000");
    expect(c.DATA_DIR).toBe("./data");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.edition).toBe("community");
    expect(c.ADMIN_EMAILS).toEqual([]);
  });

  it("lists every problem at once in readable words", () => {
    try {
      loadConfig({
        NODE_ENV: "production",
        PORT: "abc",
        DATABASE_URL: "mysql://x",
        SMTP_URL: "http://mail",
        ADMIN_EMAILS: "boss@example.de, not-an-email",
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "ADMIN_EMAILS", "BETTER_AUTH_SECRET", "APP_URL"]) {
        expect(msg).toContain(name);
      }
    }
  });

  it("reads admins case-insensitively and switches to the commercial edition with a Stripe key", () => {
    const c = loadConfig({
      ADMIN_EMAILS: " Boss@Example.de ,ops@example.de",
      STRIPE_SECRET_KEY: "sk_test_dummy",
      STRIPE_PRICE_ID: "price_monthly",
      STRIPE_WEBHOOK_SECRET: "whsec_dummy",
    });
    expect(c.ADMIN_EMAILS).toEqual(["boss@example.de", "ops@example.de"]);
    expect(c.edition).toBe("commercial");
  });

  it("with a Stripe key requires the price and the webhook secret, listed with every other problem", () => {
    try {
      loadConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_API_BASE: "ftp://x" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      for (const name of [
        "STRIPE_PRICE_ID",
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_API_BASE",
        "BETTER_AUTH_SECRET",
        "APP_URL",
      ]) {
        expect(problems).toContain(name);
      }
    }
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: "pk_test_public", STRIPE_PRICE_ID: "x", STRIPE_WEBHOOK_SECRET: "y" }),
    ).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_PRICE_ID[\s\S]*STRIPE_WEBHOOK_SECRET/);
    // Without a key the other Stripe settings are not needed: Community Edition.
    expect(loadConfig({ STRIPE_PRICE_ID: "price_x" }).edition).toBe("community");
  });
});
