import { describe, expect, it } from "vitest";
import { languageToApply, languageToSave } from "../src/features/settings/account-language.ts";

describe("the language kept with the account", () => {
  it("a login on another browser shows the account's language", () => {
    expect(languageToApply("en", "de")).toBe("en");
    expect(languageToApply("de", "en")).toBe("de");
    expect(languageToApply("en", "en")).toBeNull();
    // Never chosen: the browser's own language stays.
    expect(languageToApply(null, "en")).toBeNull();
    expect(languageToApply(undefined, "de")).toBeNull();
  });

  it("a switch is stored once, only when the account has another language", () => {
    expect(languageToSave("en", "de")).toBe("en");
    expect(languageToSave("en", null)).toBe("en");
    expect(languageToSave("de", "de")).toBeNull();
    expect(languageToSave("fr", "de")).toBeNull();
  });
});
