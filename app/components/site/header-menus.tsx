/**
 * The header's menus: the two dropdowns (About Us, My Account), the phone menu, and signing out. Loaded by the
 * header after the page has hydrated, so the menu library is not part of the JavaScript every page needs first
 * (see header.tsx).
 */
import { ChevronDown, LayoutDashboard, LogOut, Search, Settings, ShieldCheck, UserRound } from "lucide-react";
import * as React from "react";
import type { NavigateFunction } from "react-router";
import { useT, type Translate } from "~/i18n/provider";
import { authApi } from "~/lib/api/auth";
import { ABOUT_SECTIONS, ACCOUNT_LINKS, MAIN_NAV, NAV, type NavEntry } from "~/lib/navigation";
import { toast } from "~/lib/toast";
import type { RootUser } from "~/root";
import { hasAdminRole } from "../../../shared/rules";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { NavEntryLink } from "./nav-entry-link";
import { LanguageSwitch } from "./language-switch";

/** The account menu's links for `user`, in order; the dashboard only for admins. */
const accountLinks = (user: RootUser) =>
  (Object.entries(ACCOUNT_LINKS) as [keyof typeof ACCOUNT_LINKS, NavEntry][]).filter(([name]) => name !== "admin" || hasAdminRole(user));
const ACCOUNT_ICONS = { admin: LayoutDashboard, portal: ShieldCheck, account: Settings } satisfies Record<keyof typeof ACCOUNT_LINKS, unknown>;

/** How the menu was asked for before it had loaded: it opens at once, and from the keyboard with its first item focused. */
export type OpenedWith = "pointer" | "keyboard" | null;

export type MenuProps = {
  triggerClassName: string;
  /** Open on mount: the visitor pressed the trigger while the menu was loading. */
  openedWith?: OpenedWith;
  /** Focus the trigger on mount: it replaces a stand-in that had the focus. */
  focusTrigger?: boolean;
};

/** Focuses the first item of a menu opened from the keyboard before it had loaded, as the trigger's own keys would. */
function useFirstItemFocus(openedWith: OpenedWith | undefined) {
  const content = React.useRef<HTMLDivElement>(null);
  const onMount = React.useRef(openedWith);
  React.useEffect(() => {
    if (onMount.current !== "keyboard") return;
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return content;
}

export function AboutMenu({ triggerClassName, openedWith, focusTrigger }: MenuProps) {
  const content = useFirstItemFocus(openedWith);
  const t = useT();
  return (
    <DropdownMenu modal={false} defaultOpen={Boolean(openedWith)}>
      <DropdownMenuTrigger className={triggerClassName} autoFocus={focusTrigger}>
        {t(NAV.about.label)} <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" ref={content}>
        {ABOUT_SECTIONS.map((l) => (
          <DropdownMenuItem key={l.label} asChild>
            <NavEntryLink entry={l} />
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function AccountMenu({ user, onLogout, triggerClassName, openedWith, focusTrigger }: MenuProps & { user: RootUser; onLogout: () => void }) {
  const content = useFirstItemFocus(openedWith);
  const t = useT();
  return (
    <DropdownMenu modal={false} defaultOpen={Boolean(openedWith)}>
      <DropdownMenuTrigger className={triggerClassName} autoFocus={focusTrigger}>
        <UserRound className="h-4 w-4" aria-hidden="true" /> {t("common.nav.account")} <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent ref={content}>
        <DropdownMenuLabel>{user.fullName ?? user.username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(user).map(([name, entry]) => {
          const Icon = ACCOUNT_ICONS[name];
          return (
            <DropdownMenuItem key={name} asChild>
              <NavEntryLink entry={entry}>
                <Icon className="h-4 w-4" aria-hidden="true" /> {t(entry.label)}
              </NavEntryLink>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut className="h-4 w-4" aria-hidden="true" /> {t("common.nav.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Signs out through the API, says so, and returns to the home page with the header's data reloaded. */
export async function logOut({ navigate, revalidate, t, home }: { navigate: NavigateFunction; revalidate: () => void; t: Translate; home: string }) {
  try {
    await authApi.logout();
    toast.success(t("common.logout.done"), { description: t("common.logout.doneText") });
    void navigate(home);
    revalidate();
  } catch (err) {
    toast.error(t("common.logout.failed"), { description: err instanceof Error ? t.maybe(err.message) : undefined });
  }
}

/** The phone menu, below the bar while open. */
export function MobileMenu({ user, onClose, onLogout }: { user: RootUser | null; onClose: () => void; onLogout: () => void }) {
  const t = useT();
  return (
    <nav id="mobile-menu" aria-label={t("common.nav.mobile")} className="border-t border-white/10 bg-navy-950 px-6 pb-6 pt-2 text-start lg:hidden">
      <ul className="flex flex-col text-base text-white">
        {MAIN_NAV.map((item) => (
          <li key={item.label}>
            <NavEntryLink entry={item} onNavigate={onClose} className="block py-3" />
            {item === NAV.about ? (
              // The overview is About Us itself; its other sections follow it.
              <ul className="mb-2 ms-4 border-s border-white/15 ps-4 text-sm text-white/80">
                {ABOUT_SECTIONS.filter((l) => l.anchor !== item.anchor).map((l) => (
                  <li key={l.label}>
                    <NavEntryLink entry={l} onNavigate={onClose} className="block py-2" />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
        <li>
          <NavEntryLink entry={NAV.search} onNavigate={onClose} className="flex items-center gap-2 py-3">
            <Search className="h-4 w-4" aria-hidden="true" /> {t(NAV.search.label)}
          </NavEntryLink>
        </li>
        <li className="mt-3 border-t border-white/10 pt-3">
          {user ? (
            <div className="flex flex-col gap-1">
              {accountLinks(user).map(([name, entry]) => (
                <NavEntryLink key={name} entry={entry} className="block py-3" />
              ))}
              <button type="button" className="py-3 text-start" onClick={onLogout}>
                {t("common.nav.logout")}
              </button>
            </div>
          ) : (
            <NavEntryLink entry={NAV.signIn} className="block py-3 font-semibold text-gold-400" />
          )}
        </li>
        <li className="mt-3 border-t border-white/10 pt-4 text-sm text-white/80">
          <LanguageSwitch linkClassName="inline-block px-1 py-2" />
        </li>
      </ul>
    </nav>
  );
}
