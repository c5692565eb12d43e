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
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../lib/api.ts";
import { ALERT_SETTINGS_QUERY_KEY, NOTIFICATIONS_QUERY_KEY } from "../../lib/query-keys.ts";

/** What PUT /api/notifications/settings takes: the whole settings object, thresholds as exact decimal strings. */
export type AlertSettingsInput = z.input<typeof alertSettingsSchema>;

/** The requests of /api/notifications, each answer parsed with core's schema. */
export const notificationsApi = {
  async settings(): Promise<AlertSettings> {
    return alertSettingsSchema.parse(await api<unknown>("/api/notifications/settings"));
  },
  async saveSettings(settings: AlertSettingsInput): Promise<AlertSettings> {
    return alertSettingsSchema.parse(
      await api<unknown>("/api/notifications/settings", { method: "PUT", body: settings }),
    );
  },
  async list(): Promise<NotificationList> {
    return notificationListSchema.parse(await api<unknown>("/api/notifications"));
  },
  /** The given notifications, or all without ids; the answer is the new list. */
  async markRead(ids?: readonly string[]): Promise<NotificationList> {
    const body = ids ? { ids: [...ids] } : {};
    return notificationListSchema.parse(await api<unknown>("/api/notifications/read", { method: "POST", body }));
  },
  async testMail(): Promise<TestMailResponse> {
    return testMailResponseSchema.parse(await api<unknown>("/api/notifications/test", { method: "POST", body: {} }));
  },
  /** No session: the mail's link is the credential. `undo`: switch the kind on again. */
  async unsubscribe(token: string, undo: boolean): Promise<UnsubscribeResponse> {
    const body = undo ? { token, undo } : { token };
    return unsubscribeResponseSchema.parse(
      await api<unknown>("/api/notifications/unsubscribe", { method: "POST", body }),
    );
  },
};

/** The bell asks again every minute while the tab is visible (not in the background). */
export const NOTIFICATIONS_REFETCH_MS = 60_000;

export const notificationsQueryOptions = queryOptions({
  queryKey: NOTIFICATIONS_QUERY_KEY,
  queryFn: notificationsApi.list,
  refetchInterval: NOTIFICATIONS_REFETCH_MS,
  refetchIntervalInBackground: false,
  retry: false,
});

export function useAlertSettings() {
  return useQuery({ queryKey: ALERT_SETTINGS_QUERY_KEY, queryFn: notificationsApi.settings, retry: false });
}

/** PUT: the server's answer (the stored settings) replaces the cached ones. */
export function useSaveAlertSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: notificationsApi.saveSettings,
    onSuccess: (saved) => client.setQueryData(ALERT_SETTINGS_QUERY_KEY, saved),
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly string[]) => notificationsApi.markRead(ids),
    onSuccess: (list) => client.setQueryData(NOTIFICATIONS_QUERY_KEY, list),
  });
}

export function useSendTestMail() {
  return useMutation({ mutationFn: notificationsApi.testMail });
}
