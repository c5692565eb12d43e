import { Hono } from "hono";
import { requestLanguage } from "../http/request-language.ts";
import type { NewsService } from "./news-service.ts";

/**
 * GET /api/news (signed in): the shared news, the reader's language first (the request's language,
 * http/request-language.ts). Always 200: feeds that cannot be
 * reached are named in `errors`.
 */
export function newsRoutes(deps: { news: NewsService }) {
  const app = new Hono();

  app.get("/", async (c) => {
    c.header("Cache-Control", "private, max-age=60");
    return c.json(await deps.news.list(requestLanguage(c.req.raw)));
  });

  return app;
}
