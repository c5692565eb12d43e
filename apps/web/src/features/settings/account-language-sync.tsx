import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../../i18n/index.ts";
import { useUpdateUserSettings, useUserSettings } from "../../state/user-settings/index.ts";
import { languageToApply, languageToSave } from "./account-language.ts";

/**
 * Keeps the UI language with the account (GET/PUT /api/settings): a signed-in page takes the stored
 * language once, and a switch of the language is stored. Renders nothing.
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
  }, [settings.isSuccess, stored, i18n.language]);

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
