import { API_ERROR_CODES } from "@pulsemanager/core";
import { describe, expect, it } from "vitest";
import { toApiErrorCode } from "../src/http/errors.ts";

describe("codes passed on from the auth library", () => {
  it("keeps a code of ours", () => {
    for (const code of API_ERROR_CODES) expect(toApiErrorCode(code, 400)).toBe(code);
  });

  it("translates a code that means one of ours", () => {
    expect(toApiErrorCode("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", 422)).toBe("USER_ALREADY_EXISTS");
  });

  it("answers any other code with the general code of its status", () => {
    expect(toApiErrorCode("FAILED_TO_CREATE_USER", 500)).toBe("INTERNAL_ERROR");
    expect(toApiErrorCode("SOMETHING_NEW", 400)).toBe("VALIDATION_ERROR");
    expect(toApiErrorCode("SOMETHING_NEW", 401)).toBe("UNAUTHENTICATED");
    expect(toApiErrorCode("SOMETHING_NEW", 403)).toBe("FORBIDDEN");
    expect(toApiErrorCode("SOMETHING_NEW", 404)).toBe("NOT_FOUND");
    expect(toApiErrorCode("SOMETHING_NEW", 429)).toBe("TOO_MANY_REQUESTS");
    expect(toApiErrorCode("SOMETHING_NEW", 422)).toBe("VALIDATION_ERROR");
    expect(toApiErrorCode(undefined, 502)).toBe("INTERNAL_ERROR");
  });
});
