import { describe, expect, it } from "vitest";
import { isOpenableLink, newsTime } from "../src/features/news/news-time.ts";

describe("the news card's time and links", () => {
  const now = new Date("2025-12-11T12:00:00Z");
  it("says how long ago within a week, in the reader's language", () => {
    expect(newsTime("2025-12-11T11:55:00Z", now, "en")).toBe("5 minutes ago");
    expect(newsTime("2025-12-11T11:55:00Z", now, "de")).toBe("vor 5 Minuten");
    expect(newsTime("2025-12-11T09:00:00Z", now, "en")).toBe("3 hours ago");
    expect(newsTime("2025-12-10T11:00:00Z", now, "de")).toBe("gestern");
    expect(newsTime("2025-12-11T12:00:30Z", now, "en")).toBe("now");
  });
  it("gives the date after a week, nothing without a date", () => {
    expect(newsTime("2025-11-01T10:00:00Z", now, "en")).toMatch(/2025/);
    expect(newsTime(null, now, "en")).toBeNull();
    expect(newsTime("not a date", now, "en")).toBeNull();
  });
  it("opens http(s) links only", () => {
    expect(isOpenableLink("https://cointelegraph.com/news/a")).toBe(true);
    expect(isOpenableLink("javascript:alert(1)")).toBe(false);
    expect(isOpenableLink("data:text/html,x")).toBe(false);
    expect(isOpenableLink("/relative")).toBe(false);
  });
});
