import { alertText, type Notification } from "@pulsemanager/core";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useMarkRead } from "./notifications-api.ts";

/** A notification clicked: marked read (when it was not) and its page opened (core's alertText path). */
export function useOpenNotification(after?: () => void): (notification: Notification) => void {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const { mutate } = markRead;
  return useCallback(
    (notification: Notification) => {
      if (notification.readAt === null) mutate([notification.id]);
      after?.();
      navigate(alertText(notification.facts, "en").path);
    },
    [mutate, navigate, after],
  );
}
