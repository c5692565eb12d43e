import { describe, expect, it } from "vitest";
import { dayChange } from "../src/app/dashboard/day-change.ts";

describe("the dashboard's change since yesterday", () => {
  const snapshots = [
    { day: "2026-11-21", totalValue: "900" },
    { day: "2026-11-22", totalValue: "1000.00" },
    { day: "2026-11-23", totalValue: "1010" },
  ];
  it("compares the total with the last stored day before today, exactly", () => {
    expect(dayChange("1012.345", snapshots, "2026-11-23")).toEqual({ absolute: "12.35", percent: "1.23" });
    expect(dayChange("950", snapshots, "2026-11-23")).toEqual({ absolute: "-50.00", percent: "-5.00" });
  });
  it("has none without an earlier day, and no percent from zero", () => {
    expect(dayChange("5", [{ day: "2026-11-23", totalValue: "1" }], "2026-11-23")).toBeNull();
    expect(dayChange("5", [{ day: "2026-11-22", totalValue: "0" }], "2026-11-23")).toEqual({
      absolute: "5.00",
      percent: null,
    });
  });
});
