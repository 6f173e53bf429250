import { BellRing, Briefcase, FileText, Inbox, Mail, Newspaper, ScrollText, Settings, ShieldCheck, UserCheck, Users, type LucideIcon } from "lucide-react";
import * as React from "react";
import { useLocation } from "react-router";
import { NavLink } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { ADMIN_SCREENS, adminScreenPath, type AdminScreen } from "../../../shared/admin-screens";
import type { MessageId } from "../../../shared/i18n/messages";
import { TabCount } from "./attention";

/** Each screen's name in the navigation and its icon. */
export const SCREEN_LABELS = {
  portfolio: { label: "admin.tab.portfolio", icon: Briefcase },
  press: { label: "admin.tab.press", icon: Newspaper },
  contact: { label: "admin.tab.contact", icon: Inbox },
  documents: { label: "admin.tab.documents", icon: FileText },
  applications: { label: "admin.tab.applications", icon: UserCheck },
  users: { label: "admin.tab.users", icon: Users },
  outbox: { label: "admin.tab.outbox", icon: Mail },
  alerts: { label: "admin.tab.alerts", icon: BellRing },
  security: { label: "admin.tab.security", icon: ShieldCheck },
  audit: { label: "admin.tab.audit", icon: ScrollText },
  settings: { label: "admin.tab.settings", icon: Settings },
} as const satisfies Record<AdminScreen, { label: MessageId; icon: LucideIcon }>;

/**
 * The dashboard's screens as links (each screen is a page of its own: the back button and a copied address work).
 * The current one is marked for screen readers (aria-current) and drawn filled. On a phone the strip scrolls sideways
 * and the current screen is brought into its view without moving the page.
 */
export function ScreenNav() {
  const t = useT();
  const { pathname } = useLocation();
  const strip = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const box = strip.current;
    const chosen = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !chosen) return;
    const outer = box.getBoundingClientRect();
    const at = chosen.getBoundingClientRect();
    const margin = 16;
    if (at.left < outer.left) box.scrollBy({ left: at.left - outer.left - margin });
    else if (at.right > outer.right) box.scrollBy({ left: at.right - outer.right + margin });
  }, [pathname]);

  return (
    // relative: the counts' screen-reader text (absolutely placed) stays inside this scroller, not beside the page
    <nav aria-label={t("admin.nav.label")} className="mt-8">
      <div ref={strip} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max flex-nowrap items-center gap-1 rounded-lg border border-slate-200 bg-white p-1 text-sm font-medium text-slate-600 shadow-sm sm:w-auto sm:flex-wrap">
          {ADMIN_SCREENS.map((screen) => {
            const { label, icon: Icon } = SCREEN_LABELS[screen];
            return (
              <li key={screen}>
                <NavLink
                  to={adminScreenPath(screen)}
                  end
                  preventScrollReset
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-9 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-2 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-navy-700 focus-visible:ring-offset-1",
                      isActive ? "bg-navy-900 text-white shadow-sm" : "hover:bg-slate-100 hover:text-navy-950",
                    )
                  }
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {t(label)}
                  <TabCount tab={screen} />
                </NavLink>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
