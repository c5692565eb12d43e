import { describe, expect, it } from "vitest";
import { serverText } from "../src/http/messages.ts";
import { requestLanguage } from "../src/http/request-language.ts";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("the language of an answer", () => {
  it("is the app's language, else the browser's, else German (one rule for messages, mails and news)", () => {
    expect(requestLanguage(request({ "x-app-language": "en", "accept-language": "de-DE" }))).toBe("en");
    expect(requestLanguage(request({ "x-app-language": "de", "accept-language": "en-US" }))).toBe("de");
    expect(requestLanguage(request({ "accept-language": "en-GB,en;q=0.9" }))).toBe("en");
    expect(requestLanguage(request({}))).toBe("de");
    expect(requestLanguage(undefined)).toBe("de");
  });

  it("words the refused refresh in that language (it was German in English answers)", () => {
    expect(serverText("refreshTooSoon", "en", { seconds: 42 })).toBe(
      "Please wait 42 more seconds before the next update",
    );
    expect(serverText("refreshTooSoon", "de", { seconds: 42 })).toBe(
      "Bitte warte noch 42 Sekunden vor dem nächsten Update",
    );
  });
});
