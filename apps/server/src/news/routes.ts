import { Hono } from "hono";
import type { Auth } from "../auth/auth.ts";
import { requireSession, type SessionEnv } from "../http/session.ts";
import type { NewsService } from "./news-service.ts";

/**
 * GET /api/news (signed in): the shared news, the reader's language first. The language is the app's
 * (the X-App-Language header the web app sends; the user's language is kept in the browser, not on
 * the server), else the browser's Accept-Language, else German. Always 200: feeds that cannot be
 * reached are named in `errors`.
 */
export function newsRoutes(deps: { auth: Auth; news: NewsService }) {
  const app = new Hono<SessionEnv>();
  app.use("*", requireSession(deps.auth));

  app.get("/", async (c) => {
    c.header("Cache-Control", "private, max-age=60");
    return c.json(await deps.news.list(readerLanguage(c.req.raw)));
  });

  return app;
}

export function readerLanguage(request: Request): "de" | "en" {
  const explicit = request.headers.get("x-app-language")?.trim().toLowerCase();
  if (explicit === "en" || explicit === "de") return explicit;
  const accept = request.headers.get("accept-language") ?? "";
  return /^en\b/i.test(accept.trim()) ? "en" : "de";
}
