import type { ApiErrorBody } from "@pulsemanager/core";
import i18n from "../i18n/index.ts";
import { dropEarlyAnswers, takeEarlyAnswer } from "./early-answers.ts";

/**
 * An error body as received: the server sends only `ApiErrorCode`s, but a proxy in front of it
 * or a server of another version may answer with any code, so it is read as a string here.
 */
export type ReceivedErrorBody = Omit<ApiErrorBody["error"], "code"> & { code: string };

/**
 * The one way the web app talks to its server. A network failure stays a
 * network failure (never turned into a fake 500).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: ReceivedErrorBody,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "NetworkError";
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** A file sent as it is (an exchange export, text/csv) instead of a JSON body. */
  csv?: Blob;
  signal?: AbortSignal;
  /** Sees the answer's headers (also those of a revalidated, cached answer). */
  onHeaders?: (headers: Headers) => void;
}

/**
 * The language the app shows: i18next's, or (while it is still starting, as for the session's and the
 * config's first requests) the page's, which theme-init.js set from the same stored choice.
 */
function appLanguage(): "de" | "en" {
  const language = i18n.language ?? (typeof document === "undefined" ? undefined : document.documentElement.lang);
  return language === "en" ? "en" : "de";
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const language = appLanguage();
  const headers: Record<string, string> = { Accept: "application/json", "X-App-Language": language };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.csv !== undefined) headers["Content-Type"] = "text/csv";
  const body = options.csv ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  if (method !== "GET") dropEarlyAnswers();
  // The first screen's GETs take what the route-preload script asked for while the code loaded.
  const early = method === "GET" ? takeEarlyAnswer(path, language) : undefined;
  let res: Response;
  try {
    res =
      (early && (await early)) ??
      (await fetch(path, { method, headers, body, credentials: "same-origin", signal: options.signal }));
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new NetworkError(err);
  }
  options.onHeaders?.(res.headers);
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, "NON_JSON", `Server Error ${res.status}`);
    }
  }
  if (!res.ok) {
    const err = (data as { error?: ReceivedErrorBody } | null)?.error;
    throw new ApiError(res.status, err?.code ?? "UNKNOWN", err?.message ?? res.statusText, err);
  }
  return data as T;
}
