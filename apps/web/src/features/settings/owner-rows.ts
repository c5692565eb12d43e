import type { MeResponse } from "@pulsemanager/core";
import type { TFunction } from "i18next";
import { formatDateTime, formatInteger } from "../../lib/format-number.ts";

/**
 * The owner box's lines in the page's language: the status, plan, edition and access in words
 * ("Premium aktiv", "Community Edition", "voller Zugriff"), dates and numbers through the formatters.
 * The trial's end only while the account is in its trial: an owner with Premium has none to show.
 */
export function ownerRows(me: MeResponse, t: TFunction, lang: string): Array<[string, string]> {
  const { status, daysRemaining, trialEndsAt, plan } = me.subscription;
  const inTrial = status === "trial";
  return [
    [t("settings:owner.status"), t(`settings:owner.values.status.${status}`)],
    [t("settings:owner.plan"), t(`settings:owner.values.plan.${plan}`)],
    [t("settings:owner.edition"), t(`settings:owner.values.edition.${me.edition}`)],
    [t("settings:owner.access"), t(`settings:owner.values.access.${me.access}`)],
    ...(inTrial
      ? ([
          [t("settings:owner.daysRemaining"), formatInteger(daysRemaining, lang)],
          [t("settings:owner.trialEndsAt"), trialEndsAt ? formatDateTime(trialEndsAt, lang) : "–"],
        ] as Array<[string, string]>)
      : []),
    [t("settings:owner.email"), me.user.email],
  ];
}
