import { type UpdateSettingsRequest, type UserSettings, userSettingsSchema } from "@pulsemanager/core";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { USER_SETTINGS_QUERY_KEY } from "../../lib/query-keys.ts";

export const userSettingsApi = {
  /** GET /api/settings: the signed-in user's own settings. */
  async get(): Promise<UserSettings> {
    return userSettingsSchema.parse(await api<unknown>("/api/settings"));
  },
  /** PUT /api/settings */
  async update(body: UpdateSettingsRequest): Promise<UserSettings> {
    return userSettingsSchema.parse(await api<unknown>("/api/settings", { method: "PUT", body }));
  },
};

export const userSettingsQueryOptions = queryOptions({
  queryKey: USER_SETTINGS_QUERY_KEY,
  queryFn: userSettingsApi.get,
  staleTime: 5 * 60_000,
});

export function useUserSettings() {
  return useQuery(userSettingsQueryOptions);
}

/** Saves a change; the shown settings follow at once and fall back if the server refuses. */
export function useUpdateUserSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: userSettingsApi.update,
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: USER_SETTINGS_QUERY_KEY });
      const before = client.getQueryData<UserSettings>(USER_SETTINGS_QUERY_KEY);
      const shown: UserSettings = {
        displayCurrency: next.displayCurrency !== undefined ? next.displayCurrency : (before?.displayCurrency ?? null),
        language: next.language !== undefined ? next.language : (before?.language ?? null),
        forkCost: next.forkCost ?? before?.forkCost ?? "zero",
        monthlyArchive: next.monthlyArchive ?? before?.monthlyArchive ?? false,
      };
      client.setQueryData<UserSettings>(USER_SETTINGS_QUERY_KEY, shown);
      return { before };
    },
    onError: (_error, _next, context) => {
      if (context?.before) client.setQueryData(USER_SETTINGS_QUERY_KEY, context.before);
    },
    onSuccess: (saved) => client.setQueryData(USER_SETTINGS_QUERY_KEY, saved),
  });
}
