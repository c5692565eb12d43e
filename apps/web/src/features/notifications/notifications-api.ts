import {
  type AlertSettings,
  alertSettingsSchema,
  type NotificationList,
  notificationListSchema,
  type TestMailResponse,
  testMailResponseSchema,
  type UnsubscribeResponse,
  unsubscribeResponseSchema,
} from "@pulsemanager/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../lib/api.ts";
import { ALERT_SETTINGS_QUERY_KEY, NOTIFICATIONS_QUERY_KEY } from "../../lib/query-keys.ts";

/** What PUT /api/notifications/settings takes: the whole settings object, thresholds as exact decimal strings. */
export type AlertSettingsInput = z.input<typeof alertSettingsSchema>;

/** The bell asks again every minute while the tab is visible (React Query pauses the interval in the background). */
export const NOTIFICATIONS_REFETCH_MS = 60_000;

export function useAlertSettings() {
  return useQuery({
    queryKey: ALERT_SETTINGS_QUERY_KEY,
    queryFn: async (): Promise<AlertSettings> =>
      alertSettingsSchema.parse(await api<unknown>("/api/notifications/settings")),
    retry: false,
  });
}

/** PUT: the server's answer (the stored settings) replaces the cached ones. */
export function useSaveAlertSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AlertSettingsInput): Promise<AlertSettings> =>
      alertSettingsSchema.parse(await api<unknown>("/api/notifications/settings", { method: "PUT", body: settings })),
    onSuccess: (saved) => client.setQueryData(ALERT_SETTINGS_QUERY_KEY, saved),
  });
}

export function useNotifications() {
  return useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: async (): Promise<NotificationList> =>
      notificationListSchema.parse(await api<unknown>("/api/notifications")),
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/** POST /api/notifications/read: the given ones, or all without ids; the answer is the new list. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: string[]): Promise<NotificationList> =>
      notificationListSchema.parse(
        await api<unknown>("/api/notifications/read", { method: "POST", body: ids ? { ids } : {} }),
      ),
    onSuccess: (list) => client.setQueryData(NOTIFICATIONS_QUERY_KEY, list),
  });
}

export function useSendTestMail() {
  return useMutation({
    mutationFn: async (): Promise<TestMailResponse> =>
      testMailResponseSchema.parse(await api<unknown>("/api/notifications/test", { method: "POST", body: {} })),
  });
}

/** POST /api/notifications/unsubscribe (no session: the mail's link is the credential). */
export async function unsubscribe(token: string, undo: boolean): Promise<UnsubscribeResponse> {
  return unsubscribeResponseSchema.parse(
    await api<unknown>("/api/notifications/unsubscribe", { method: "POST", body: undo ? { token, undo } : { token } }),
  );
}
