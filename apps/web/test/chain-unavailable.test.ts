/**
 * Without chain access the pages say so in the user's language: the token page says the chain cannot
 * be reached (never "Token nicht gefunden"), the bridge and yield pages show the same message, and the
 * market's lists ask again soon while they are unavailable.
 */
import type { TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { refetchWhileUnavailable, UNAVAILABLE_REFETCH_MS } from "../src/features/market/market-api.ts";
import { tokenLoadProblem } from "../src/features/market/token-load-problem.ts";
import { ApiError } from "../src/lib/api.ts";
import { errorMessageFor } from "../src/lib/error-message.ts";
import { translator } from "./market-i18n.ts";

let t: Record<"de" | "en", TFunction>;
beforeAll(async () => {
  t = { de: await translator("de"), en: await translator("en") };
});

const chainDown = () =>
  new ApiError(503, "CHAIN_UNAVAILABLE", "The blockchain cannot be reached right now. Please try again later.", {
    code: "CHAIN_UNAVAILABLE",
    message: "The blockchain cannot be reached right now. Please try again later.",
  });

function text(message: ReturnType<typeof errorMessageFor>, lang: "de" | "en"): string {
  return "raw" in message ? message.raw : t[lang](`common:${message.key}`, message.values);
}

describe("pages without chain access", () => {
  it("the token page says the chain cannot be reached, try later; only a 404 is 'Token nicht gefunden'", () => {
    const problem = tokenLoadProblem(chainDown());
    if (!("message" in problem)) throw new Error("a chain that is down was called an unknown token");
    expect(text(problem.message, "de")).toBe(
      "Die Blockchain ist gerade nicht erreichbar. Versuche es später noch einmal.",
    );
    expect(text(problem.message, "en")).toBe("The blockchain cannot be reached right now. Please try again later.");
    expect(tokenLoadProblem(new ApiError(404, "NOT_FOUND", "This token was not found on this chain."))).toEqual({
      notFound: true,
    });
  });

  it("the bridge and yield pages show the chain message in both languages, not 'unexpected error'", () => {
    const message = errorMessageFor(chainDown());
    expect(message).toEqual({ key: "apiErrors.CHAIN_UNAVAILABLE" });
    expect(text(message, "de")).toMatch(/Blockchain ist gerade nicht erreichbar/);
    expect(text(message, "en")).toMatch(/blockchain cannot be reached/);
  });

  it("a market list that is unavailable is asked again soon; one with data waits for its minute", () => {
    expect(refetchWhileUnavailable({ unavailable: true })).toBe(UNAVAILABLE_REFETCH_MS);
    expect(refetchWhileUnavailable({})).toBe(false);
    expect(refetchWhileUnavailable(undefined)).toBe(false);
  });

  it("a market list whose request failed on the server or the network is asked again soon; a refused one not", () => {
    expect(refetchWhileUnavailable(undefined, chainDown())).toBe(UNAVAILABLE_REFETCH_MS);
    expect(refetchWhileUnavailable(undefined, new TypeError("Failed to fetch"))).toBe(UNAVAILABLE_REFETCH_MS);
    expect(refetchWhileUnavailable(undefined, new ApiError(400, "VALIDATION_ERROR", "bad timeframe"))).toBe(false);
  });
});
