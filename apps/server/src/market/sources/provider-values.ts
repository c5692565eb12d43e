import { D } from "@pulsemanager/core";
import { UpstreamError } from "../../upstream/upstream-client.ts";

/** A provider's decimal (string or number) as our decimal string; null, "", "NaN" and junk become null. */
export function decimalOrNull(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  try {
    const d = new D(String(value));
    return d.isFinite() ? d.toFixed() : null;
  } catch {
    return null;
  }
}

export function lowerAddress(value: string): string {
  return value.toLowerCase();
}

/** A 4xx answer (other than 429, which the upstream client retries and reports) is the provider's "no". */
export function requireOk(provider: string, status: number, endpoint: string): void {
  if (status >= 400) throw new UpstreamError(provider, "http_error", `HTTP ${status} from ${endpoint}`, status);
}
