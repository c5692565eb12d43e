import { describe, expect, it } from "vitest";
import { isFirstVisit, visitedKey } from "../src/app/dashboard/first-visit.ts";
import { initialLanguage } from "../src/i18n/index.ts";
import { initialTheme, otherTheme } from "../src/state/theme/theme.ts";

describe("theme default", () => {
  it("uses the stored value first", () => {
    expect(initialTheme("light", true)).toBe("light");
    expect(initialTheme("dark", false)).toBe("dark");
  });
  it("else the system dark preference, else light", () => {
    expect(initialTheme(null, true)).toBe("dark");
    expect(initialTheme(null, false)).toBe("light");
    expect(initialTheme("purple", false)).toBe("light");
  });
  it("toggles", () => {
    expect(otherTheme("light")).toBe("dark");
    expect(otherTheme("dark")).toBe("light");
  });
});

describe("language default", () => {
  it("uses the stored value, else German", () => {
    expect(initialLanguage("en")).toBe("en");
    expect(initialLanguage("de")).toBe("de");
    expect(initialLanguage(null)).toBe("de");
    expect(initialLanguage("fr")).toBe("de");
  });
});

describe("the dashboard greeting", () => {
  it("says Willkommen on the first visit in this browser and Willkommen zurück after", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null };
    expect(isFirstVisit(storage, "u1")).toBe(true);
    store.set(visitedKey("u1"), "1");
    expect(isFirstVisit(storage, "u1")).toBe(false);
    expect(isFirstVisit(storage, "u2")).toBe(true);
  });
});
