/**
 * The settings' section "Benachrichtigungen": thresholds shown and typed in the user's number format and
 * sent as exact decimals with the whole settings object, the server's rules checked at the field before
 * sending, the server's field errors mapped to the field they name (a price level by its token), and the
 * section's words in both languages.
 */
import { type AlertSettings, DEFAULT_ALERT_SETTINGS } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { NotificationSettingsForm } from "../src/features/notifications/notification-settings-form.tsx";
import {
  draftOf,
  errorTextKey,
  FIELD,
  fieldErrorsOf,
  levelField,
  levelKey,
  requestOf,
} from "../src/features/notifications/settings-form.ts";
import { renderWith, textOf } from "./notifications-render.tsx";

const HEX = { chainId: 369, address: "0x2b591e99afe9f32eaa6214f7b7629768c40eeb39", symbol: "HEX" };
const PLSX = { chainId: 369, address: "0x95b303987a60c71504d99aa1b13b4da07b0790ab", symbol: "PLSX" };
const GONE = { chainId: 1, address: "0x1111111111111111111111111111111111111111" };

const STORED: AlertSettings = {
  ...DEFAULT_ALERT_SETTINGS,
  incomeStopped: { enabled: true, days: 21 },
  watchlist: {
    enabled: true,
    movePercent: "12.5",
    levels: [
      { ...GONE, aboveUsd: "2", belowUsd: null },
      { chainId: HEX.chainId, address: HEX.address, aboveUsd: "0.01", belowUsd: "0.0045" },
    ],
  },
  taxFree: { enabled: false, minValueEur: "1234.5" },
};

describe("the settings as the form holds them", () => {
  it("shows the stored decimals in the user's number format", () => {
    const de = draftOf(STORED, "de");
    expect(de.movePercent).toBe("12,5");
    expect(de.minValueEur).toBe("1234,5");
    expect(de.days).toBe("21");
    expect(de.levels[levelKey(HEX)]).toEqual({ above: "0,01", below: "0,0045" });
    expect(draftOf(STORED, "en").levels[levelKey(HEX)]).toEqual({ above: "0.01", below: "0.0045" });
    expect(de.enabled.taxFree).toBe(false);
    expect(de.enabled.hexStake).toBe(true);
  });

  it("sends what the user typed as exact decimals, the whole settings object", () => {
    const draft = {
      ...draftOf(STORED, "de"),
      mail: false,
      movePercent: "7,25",
      minValueEur: "1.000,5",
      days: " 30 ",
      levels: { [levelKey(HEX)]: { above: "0,02", below: "" }, [levelKey(PLSX)]: { above: "", below: "" } },
    };
    const result = requestOf(draft, STORED, [HEX, PLSX], "de");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toEqual({
      mail: false,
      hexStake: { enabled: true },
      incomeWeekly: { enabled: true },
      incomeStopped: { enabled: true, days: 30 },
      watchlist: {
        enabled: true,
        movePercent: "7.25",
        // A watched token without levels is left out; a stored level of a token no longer watched stays.
        levels: [
          { chainId: 369, address: HEX.address, aboveUsd: "0.02", belowUsd: null },
          { ...GONE, aboveUsd: "2", belowUsd: null },
        ],
      },
      taxFree: { enabled: false, minValueEur: "1000.5" },
      freigrenze: { enabled: true },
    });
  });

  it("reads the English format in English", () => {
    const draft = { ...draftOf(STORED, "en"), movePercent: "1,000", minValueEur: "2,500.75" };
    const result = requestOf(draft, STORED, [HEX], "en");
    expect(result.ok && result.body.watchlist?.movePercent).toBe("1000");
    expect(result.ok && result.body.taxFree?.minValueEur).toBe("2500.75");
    // Above the server's 1,000 percent: refused at the field.
    const over = requestOf({ ...draft, movePercent: "1,000.5" }, STORED, [HEX], "en");
    expect(over).toMatchObject({ ok: false, errors: { [FIELD.movePercent]: "alerts.invalidThreshold" } });
  });

  it("keeps the stored levels when the watchlist could not be read", () => {
    const result = requestOf(draftOf(STORED, "de"), STORED, null, "de");
    expect(result.ok && result.body.watchlist?.levels).toEqual(STORED.watchlist.levels);
  });

  it("refuses at the field what the server would refuse, before sending", () => {
    const draft = {
      ...draftOf(STORED, "de"),
      movePercent: "zwölf",
      minValueEur: "0",
      days: "5",
      levels: { [levelKey(HEX)]: { above: "1.23.4", below: "-1" } },
    };
    const result = requestOf(draft, STORED, [HEX], "de");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      [FIELD.movePercent]: "NUMBER_INVALID",
      [FIELD.minValueEur]: "alerts.invalidThreshold",
      [FIELD.days]: "alerts.invalidDays",
      [levelField(levelKey(HEX), "above")]: "NUMBER_GROUPING",
      [levelField(levelKey(HEX), "below")]: "alerts.invalidThreshold",
    });
    expect(requestOf({ ...draftOf(STORED, "de"), days: "14,5" }, STORED, [HEX], "de")).toMatchObject({
      ok: false,
      errors: { [FIELD.days]: "alerts.invalidDays" },
    });
    expect(requestOf({ ...draftOf(STORED, "de"), movePercent: "" }, STORED, [HEX], "de")).toMatchObject({
      ok: false,
      errors: { [FIELD.movePercent]: "NUMBER_REQUIRED" },
    });
  });

  it("puts the server's field errors at the field they name, a level by the token it was sent for", () => {
    const order = [levelKey(PLSX), levelKey(HEX)];
    expect(
      fieldErrorsOf(
        {
          "watchlist.movePercent": "alerts.invalidThreshold",
          "watchlist.levels.1.belowUsd": "NUMBER_INVALID",
          "incomeStopped.days": "alerts.invalidDays",
        },
        order,
      ),
    ).toEqual({
      [FIELD.movePercent]: "alerts.invalidThreshold",
      [levelField(levelKey(HEX), "below")]: "NUMBER_INVALID",
      [FIELD.days]: "alerts.invalidDays",
    });
  });

  it("names each message's text", () => {
    expect(errorTextKey("NUMBER_AMBIGUOUS")).toBe("common:apiErrors.NUMBER_AMBIGUOUS");
    expect(errorTextKey("alerts.invalidThreshold")).toBe("notifications:errors.invalidThreshold");
    expect(errorTextKey("alerts.invalidDays")).toBe("notifications:errors.invalidDays");
    expect(errorTextKey("Too big")).toBe("notifications:errors.invalid");
  });
});

describe("the section's form", () => {
  it("shows the switches, the kinds' names and the thresholds in German", async () => {
    const html = await renderWith("de", <NotificationSettingsForm stored={STORED} watched={[HEX, PLSX]} />);
    const words = textOf(html);
    expect(words).toContain("Per E-Mail benachrichtigen");
    expect(words).toContain("HEX-Stakes: Ende und Frist");
    expect(words).toContain("Watchlist: Preisgrenzen und große Bewegungen");
    expect(words).toContain("Freigrenze für sonstige Einkünfte");
    expect(words).toContain("Nach wie vielen Tagen ohne Zahlung (7 bis 90)");
    expect(words).toContain("HEX (PulseChain Mainnet) über (USD)");
    expect(words).toContain("PLSX (PulseChain Mainnet) unter (USD)");
    expect(html).toContain('value="12,5"');
    expect(html).toContain('value="0,0045"');
    expect(html).toContain('value="21"');
    // The tax-free switch is off: its threshold is not shown.
    expect(html).toMatch(/<input[^>]*id="alerts-taxFree"[^>]*>/);
    expect(html).not.toMatch(/<input[^>]*id="alerts-taxFree"[^>]*checked=""[^>]*>/);
    expect(html).not.toContain("alerts-min-value");
    expect(html).toMatch(/<input[^>]*role="switch"[^>]*checked=""[^>]*>/);
    expect(words).toContain("Speichern");
  });

  it("says in English when the watchlist is empty or could not be read", async () => {
    const empty = textOf(await renderWith("en", <NotificationSettingsForm stored={STORED} watched={[]} />));
    expect(empty).toContain("Your watchlist is empty.");
    expect(empty).toContain("Move in 24 hours of at least (percent)");
    const failed = textOf(
      await renderWith("en", <NotificationSettingsForm stored={STORED} watched={null} watchlistFailed />),
    );
    expect(failed).toContain("Your watchlist could not be loaded; the price levels stay as they are.");
  });
});
