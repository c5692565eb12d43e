import { type NewsResponse, newsResponseSchema } from "@pulsemanager/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api.ts";
import { newsQueryKey } from "../../lib/query-keys.ts";

/** GET /api/news: the server reads the feeds every 30 minutes; the reader's language comes first. */
export function useNews() {
  const { i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "de";
  return useQuery({
    queryKey: newsQueryKey(language),
    queryFn: async (): Promise<NewsResponse> => newsResponseSchema.parse(await api<unknown>("/api/news")),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
