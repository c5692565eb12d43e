/**
 * The one rule for the language of a request's answer (messages, mails, the news order, Stripe's
 * pages): the app's language (the X-App-Language header the web app sends with every call; it follows
 * the user's setting), else the browser's Accept-Language, else German.
 */
export type RequestLanguage = "de" | "en";

export function requestLanguage(request: Request | undefined): RequestLanguage {
  const explicit = request?.headers.get("x-app-language")?.trim().toLowerCase();
  if (explicit === "en" || explicit === "de") return explicit;
  const accept = request?.headers.get("accept-language") ?? "";
  return /^en\b/i.test(accept.trim()) ? "en" : "de";
}
