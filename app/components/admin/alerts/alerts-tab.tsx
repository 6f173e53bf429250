import { BellRing, CalendarDays, Gauge, ShieldBan, Users, type LucideIcon } from "lucide-react";
import * as React from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../../shared/i18n/messages";
import type { PressRow } from "../press-columns";
import { TabHeader } from "../tab-header";
import { AlertSettingsCard } from "./alert-settings";
import { CalendarEvents } from "./calendar-events";
import { SentAlerts } from "./sent-alerts";
import { Subscribers } from "./subscribers";
import { Suppressions } from "./suppressions";

const SECTIONS = [
  { value: "sent", label: "admin.alerts.section.sent", icon: BellRing },
  { value: "subscribers", label: "admin.alerts.section.subscribers", icon: Users },
  { value: "suppressions", label: "admin.alerts.section.suppressions", icon: ShieldBan },
  { value: "calendar", label: "admin.alerts.section.calendar", icon: CalendarDays },
  { value: "settings", label: "admin.alerts.section.settings", icon: Gauge },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId; icon: LucideIcon }>;
type Section = (typeof SECTIONS)[number]["value"];

/**
 * Admin 'Alerts': the investor alerts and the financial calendar, one section at a time (each loads when it is
 * opened): the alerts sent, the subscribers, the suppression list, the calendar's events and the sending settings.
 * `releases` are the dashboard's press releases (an event links to a published one).
 */
export function AlertsTab({ releases }: { releases: PressRow[] }) {
  const t = useT();
  const [section, setSection] = React.useState<Section>("sent");
  return (
    <section aria-labelledby="alerts-heading">
      <TabHeader id="alerts-heading" title={t("admin.alerts.title")} description={t("admin.alerts.description")} />
      <Tabs value={section} onValueChange={(v) => setSection(v as Section)}>
        <TabsList aria-label={t("admin.alerts.sections")} className="w-full justify-start border border-slate-200 bg-white shadow-sm sm:w-auto">
          {SECTIONS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger
              key={value}
              value={value}
              className="flex items-center gap-1.5 px-2.5 py-2 data-[state=active]:bg-navy-900 data-[state=active]:text-white"
            >
              <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
              {t(label)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="sent">
          <SentAlerts />
        </TabsContent>
        <TabsContent value="subscribers">
          <Subscribers />
        </TabsContent>
        <TabsContent value="suppressions">
          <Suppressions />
        </TabsContent>
        <TabsContent value="calendar">
          <CalendarEvents releases={releases} />
        </TabsContent>
        <TabsContent value="settings">
          <AlertSettingsCard />
        </TabsContent>
      </Tabs>
    </section>
  );
}
