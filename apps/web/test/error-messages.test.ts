import { readFileSync } from "node:fs";
import { join } from "node:path";
import { API_ERROR_CODES } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { classifyRenderError } from "../src/app/render-error.ts";
import { callbackErrorKind, loginErrorView, signedInAsOf } from "../src/features/auth/auth-errors.ts";
import { ApiError, NetworkError } from "../src/lib/api.ts";
import { apiErrorKey, errorMessageFor, NETWORK_ERROR_KEY, UNKNOWN_ERROR_KEY } from "../src/lib/error-message.ts";

const LOCALES = join(import.meta.dirname, "../src/i18n/locales");
const catalogue = (lang: string, ns: string) =>
  JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), "utf8")) as Record<string, unknown>;

function resolve(lang: string, ns: string, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue(lang, ns));
}

const apiError = (code: string, status = 400, extra: Record<string, unknown> = {}) =>
  new ApiError(status, code, `server says ${code}`, { code, message: `server says ${code}`, ...extra });

describe("API error codes -> messages", () => {
  it("every code the API lists has a message key in de and en", () => {
    for (const code of API_ERROR_CODES) {
      const key = apiErrorKey(code);
      expect(key, code).toBe(`apiErrors.${code}`);
      for (const lang of ["de", "en"]) {
        expect(typeof resolve(lang, "common", key ?? ""), `${lang} ${code}`).toBe("string");
      }
    }
  });

  it("every code of the union reaches a message (not the server's raw text) that exists in de and en", () => {
    for (const code of API_ERROR_CODES) {
      const message = errorMessageFor(apiError(code, 400, { appUrl: "https://pulse.example.com" }));
      expect(message, code).toEqual(expect.objectContaining({ key: `apiErrors.${code}` }));
      if (!("key" in message)) continue;
      for (const lang of ["de", "en"]) {
        const text = resolve(lang, "common", message.key);
        expect(typeof text, `${lang} ${code}`).toBe("string");
        expect((text as string).trim(), `${lang} ${code}`).not.toBe("");
      }
    }
  });

  it("the catalogues' apiErrors hold no message for a code outside the union", () => {
    const extras = new Set(["network", "unknown", "TOO_MANY_REQUESTS_wait_one", "TOO_MANY_REQUESTS_wait_other"]);
    const codes = new Set<string>(API_ERROR_CODES);
    for (const lang of ["de", "en"]) {
      const keys = Object.keys(resolve(lang, "common", "apiErrors") as Record<string, string>);
      expect(
        keys.filter((k) => !codes.has(k) && !extras.has(k)),
        lang,
      ).toEqual([]);
    }
  });

  it("network, unknown and the wait-and-retry plural exist in both languages", () => {
    for (const lang of ["de", "en"]) {
      for (const key of [
        NETWORK_ERROR_KEY,
        UNKNOWN_ERROR_KEY,
        "apiErrors.TOO_MANY_REQUESTS_wait_one",
        "apiErrors.TOO_MANY_REQUESTS_wait_other",
      ]) {
        expect(typeof resolve(lang, "common", key), `${lang} ${key}`).toBe("string");
      }
    }
  });

  it("names the app's address when a page from another address calls the API", () => {
    expect(errorMessageFor(apiError("INVALID_ORIGIN", 403, { appUrl: "https://pulse.example.com" }))).toEqual({
      key: "apiErrors.INVALID_ORIGIN",
      values: { appUrl: "https://pulse.example.com" },
    });
    for (const lang of ["de", "en"])
      expect(resolve(lang, "common", "apiErrors.INVALID_ORIGIN")).toContain("{{appUrl}}");
  });

  it("maps known codes to their key", () => {
    expect(errorMessageFor(apiError("SIGNUP_DISABLED", 403))).toEqual({ key: "apiErrors.SIGNUP_DISABLED" });
    expect(errorMessageFor(apiError("USER_ALREADY_EXISTS", 422))).toEqual({ key: "apiErrors.USER_ALREADY_EXISTS" });
  });

  it("uses retryAfterSeconds for TOO_MANY_REQUESTS when present", () => {
    expect(errorMessageFor(apiError("TOO_MANY_REQUESTS", 429, { retryAfterSeconds: 41.2 }))).toEqual({
      key: "apiErrors.TOO_MANY_REQUESTS_wait",
      values: { count: 42 },
    });
    expect(errorMessageFor(apiError("TOO_MANY_REQUESTS", 429))).toEqual({ key: "apiErrors.TOO_MANY_REQUESTS" });
  });

  it("treats unknown server failures as server errors and gateway errors as unreachable", () => {
    expect(errorMessageFor(new ApiError(500, "NON_JSON", "Server Error 500"))).toEqual({
      key: "apiErrors.INTERNAL_ERROR",
    });
    expect(errorMessageFor(new ApiError(502, "NON_JSON", "Server Error 502"))).toEqual({ key: NETWORK_ERROR_KEY });
  });

  it("shows a network failure as such", () => {
    expect(errorMessageFor(new NetworkError(new TypeError("Failed to fetch")))).toEqual({ key: NETWORK_ERROR_KEY });
  });

  it("falls back to the server message for unknown codes, else the unknown-error text", () => {
    expect(errorMessageFor(new ApiError(418, "TEAPOT", "I am a teapot"))).toEqual({ raw: "I am a teapot" });
    expect(errorMessageFor(new ApiError(400, "UNKNOWN", ""))).toEqual({ key: UNKNOWN_ERROR_KEY });
    expect(errorMessageFor(new ApiError(404, "NON_JSON", "Server Error 404"))).toEqual({ key: UNKNOWN_ERROR_KEY });
    expect(errorMessageFor(new Error("boom"))).toEqual({ key: UNKNOWN_ERROR_KEY });
    expect(errorMessageFor(undefined)).toEqual({ key: UNKNOWN_ERROR_KEY });
  });
});

describe("login errors", () => {
  it("wrong credentials get the tips view, unconfirmed addresses the resend box", () => {
    expect(loginErrorView(apiError("INVALID_EMAIL_OR_PASSWORD", 401))).toEqual({ kind: "invalidCredentials" });
    expect(loginErrorView(apiError("EMAIL_NOT_VERIFIED", 403))).toEqual({ kind: "emailNotVerified" });
  });

  it("everything else is a message", () => {
    expect(loginErrorView(apiError("INVALID_EMAIL"))).toEqual({
      kind: "message",
      message: { key: "apiErrors.INVALID_EMAIL" },
    });
    expect(loginErrorView(new NetworkError("offline"))).toEqual({
      kind: "message",
      message: { key: NETWORK_ERROR_KEY },
    });
  });
});

describe("confirmation callback errors", () => {
  it.each([
    [null, undefined, "missingLink"],
    ["", undefined, "missingLink"],
    ["t", apiError("INVALID_TOKEN", 401), "invalidLink"],
    ["t", apiError("TOKEN_EXPIRED", 401), "expiredLink"],
    ["t", apiError("SIGNED_IN_AS_OTHER_ACCOUNT", 409), "signedInAsOther"],
    ["t", apiError("INTERNAL_ERROR", 500), "unexpected"],
    ["t", new NetworkError("offline"), "unexpected"],
  ] as const)("token %s + %s -> %s", (token, error, kind) => {
    expect(callbackErrorKind(token, error)).toBe(kind);
  });

  it("a link of another account names the account the browser is signed in to", () => {
    const error = apiError("SIGNED_IN_AS_OTHER_ACCOUNT", 409, { signedInAs: "me@example.de" });
    expect(signedInAsOf(error)).toBe("me@example.de");
    for (const lang of ["de", "en"]) {
      expect(resolve(lang, "auth", "callback.errors.signedInAsOther")).toContain("{{email}}");
      expect(typeof resolve(lang, "auth", "callback.signOutAndConfirm")).toBe("string");
      expect(resolve(lang, "auth", "callback.keepSession")).toContain("{{email}}");
    }
  });

  it("every kind has a title and a text in both languages", () => {
    for (const kind of ["missingLink", "invalidLink", "expiredLink", "signedInAsOther", "unexpected"]) {
      for (const lang of ["de", "en"]) {
        expect(typeof resolve(lang, "auth", `callback.errors.${kind}`)).toBe("string");
        expect(typeof resolve(lang, "auth", `callback.errors.${kind}Title`)).toBe("string");
      }
    }
  });
});

describe("render errors", () => {
  it("recognises DOM conflicts (browser translation) and failed chunks", () => {
    expect(
      classifyRenderError(
        new Error("Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node."),
      ),
    ).toBe("domConflict");
    expect(classifyRenderError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      "chunkLoad",
    );
    expect(classifyRenderError(new Error("x is undefined"))).toBe("generic");
    expect(classifyRenderError("weird")).toBe("generic");
  });

  it("every kind has a text in both languages", () => {
    for (const kind of ["domConflict", "chunkLoad", "generic"]) {
      for (const lang of ["de", "en"]) expect(typeof resolve(lang, "common", `errorScreen.${kind}`)).toBe("string");
    }
  });
});

describe("spec wording", () => {
  it("uses the spec's exact German and English texts", () => {
    expect(resolve("de", "common", "loading.app")).toBe("Lade Anwendung...");
    expect(resolve("de", "common", "loading.authCheck")).toBe("Authentifizierung wird überprüft...");
    expect(resolve("de", "common", "apiErrors.INVALID_EMAIL_OR_PASSWORD")).toBe(
      "E-Mail oder Passwort ist falsch. Bitte überprüfe deine Eingaben.",
    );
    expect(resolve("de", "common", "apiErrors.USER_ALREADY_EXISTS")).toBe(
      "Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.",
    );
    expect(resolve("de", "common", "apiErrors.SIGNUP_DISABLED")).toBe("Registrierung ist derzeit deaktiviert.");
    expect(resolve("de", "common", "apiErrors.unknown")).toBe("Ein unbekannter Fehler ist aufgetreten.");
    expect(resolve("de", "common", "validation.passwordTooShort")).toBe(
      "Das Passwort muss mindestens 6 Zeichen lang sein.",
    );
    expect(resolve("de", "common", "validation.passwordMismatch")).toBe("Die Passwörter stimmen nicht überein.");
    expect(resolve("en", "common", "validation.passwordMismatch")).toBe("Passwords do not match.");
    expect(resolve("en", "common", "validation.passwordTooShort")).toBe("Password must be at least 6 characters.");
    expect(resolve("de", "auth", "notVerified.emailRequired")).toBe(
      "Bitte gib deine E-Mail-Adresse ein, um die Bestätigung erneut zu senden.",
    );
    expect(resolve("de", "auth", "notVerified.resendFailed")).toBe(
      "Fehler beim Senden der Bestätigungs-E-Mail: {{message}}",
    );
    expect(resolve("de", "settings", "title")).toBe("Einstellungen");
    expect(resolve("de", "settings", "premium.active")).toBe("Premium aktiv");
    expect(resolve("de", "settings", "premium.trial_other")).toBe("Trial aktiv - {{count}} Tage verbleibend");
    expect(resolve("de", "settings", "premium.none")).toBe("Kein Premium Zugang");
    expect(resolve("de", "settings", "premium.unlock")).toBe("Premium freischalten");
    expect(resolve("en", "subscription", "modal.title")).toBe("Unlock Full Access!");
    expect(resolve("en", "layout", "plan.premiumTitle")).toBe("Premium Active");
    expect(resolve("en", "layout", "plan.basicTitle")).toBe("Basic Plan");
    expect(resolve("en", "auth", "reset.invalidLink")).toBe("Invalid or expired password reset link.");
  });
});
