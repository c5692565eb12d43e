import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header.tsx";
import { usePublicConfig } from "../../state/config/index.ts";
import { useMe } from "../../state/session/index.ts";
import { NotificationSettingsCard } from "../notifications/index.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { ForkCostCard } from "./fork-cost-card.tsx";
import { MyDataSection } from "./my-data-section.tsx";
import { OwnerDebugTools } from "./owner-debug-tools.tsx";
import { PreferencesCard } from "./preferences-card.tsx";
import { PremiumCard } from "./premium-card.tsx";
import { ReportArchiveCard } from "./report-archive-card.tsx";

/** /settings: 'Einstellungen'. */
export default function SettingsPage() {
  const { t } = useTranslation("settings");
  const me = useMe();
  const config = usePublicConfig();
  const community = config.data?.edition === "community";
  return (
    <div className="max-w-3xl">
      <PageHeader title={t("title")} subtitle={me.data?.user.email} />
      <div className="space-y-4">
        {me.data ? (
          <PremiumCard subscription={me.data.subscription} billing={me.data.billing} community={community} />
        ) : null}
        {me.data?.isAdmin ? <OwnerDebugTools me={me.data} /> : null}
        <PreferencesCard />
        {me.data ? <NotificationSettingsCard /> : null}
        {me.data ? <ForkCostCard /> : null}
        {me.data ? <ReportArchiveCard /> : null}
        <ChangePasswordForm />
        <MyDataSection />
      </div>
    </div>
  );
}
