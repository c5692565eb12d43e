import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../../i18n/index.ts";
import { useUpdateUserSettings, useUserSettings } from "../../state/user-settings/index.ts";
import { languageToApply, languageToSave } from "./account-language.ts";

/**
 * Keeps the UI language with the account (GET/PUT /api/settings): a signed-in page takes the stored
 * language once (or stores the one in use when none is stored yet), and a switch of the language is
 * stored. Renders nothing.
 */
export function AccountLanguageSync() {
  const { i18n } = useTranslation();
  const settings = useUserSettings();
  const { mutate } = useUpdateUserSettings();
  const stored = settings.data?.language;
  const taken = useRef(false);

  useEffect(() => {
    if (!settings.isSuccess || taken.current) return;
    taken.current = true;
    const apply = languageToApply(stored, i18n.language);
    if (apply) setLanguage(apply);
    // An account without a chosen language keeps the one it is used in: the alert mails are written in it.
    const keep = stored === null ? languageToSave(i18n.language, null) : null;
    if (keep) mutate({ language: keep });
  }, [settings.isSuccess, stored, i18n.language, mutate]);

  useEffect(() => {
    const onChange = (lng: string) => {
      if (!taken.current) return;
      const save = languageToSave(lng, stored);
      if (save) mutate({ language: save });
    };
    i18n.on("languageChanged", onChange);
    return () => i18n.off("languageChanged", onChange);
  }, [i18n, stored, mutate]);

  return null;
}
