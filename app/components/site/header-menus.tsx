/**
 * The header's menus: the two dropdowns (About Us, My Account), the phone menu, and signing out. Loaded by the
 * header after the page has hydrated, so the menu library is not part of the JavaScript every page needs first
 * (see header.tsx).
 */
import { ChevronDown, LayoutDashboard, LogOut, Search, Settings, ShieldCheck, UserRound } from "lucide-react";
import * as React from "react";
import type { NavigateFunction } from "react-router";
import { Link } from "~/i18n/link";
import { useT, type Translate } from "~/i18n/provider";
import { apiRequest } from "~/lib/api/client";
import { toast } from "~/lib/toast";
import type { RootUser } from "~/root";
import { hasAdminRole } from "../../../shared/rules";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu";
import type { MessageId } from "../../../shared/i18n/messages";
import { AnchorLink } from "./anchor-link";
import { LanguageSwitch } from "./language-switch";

/** The sections of the home page under 'About Us' (the dropdown, and the phone menu). */
const ABOUT_LINKS: { label: MessageId; to: string }[] = [
  { label: "common.nav.overview", to: "about" },
  { label: "common.nav.mission", to: "mission" },
  { label: "common.nav.vision", to: "vision" },
];

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
        {t("common.nav.about")} <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" ref={content}>
        {ABOUT_LINKS.map((l) => (
          <DropdownMenuItem key={l.to} asChild>
            <AnchorLink to={l.to}>{t(l.label)}</AnchorLink>
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
        {hasAdminRole(user) ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> {t("common.nav.admin")}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem asChild>
          <Link to="/investor-portal">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {t("common.nav.portal")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings className="h-4 w-4" aria-hidden="true" /> {t("common.nav.accountSettings")}
          </Link>
        </DropdownMenuItem>
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
    await apiRequest("POST", "/api/logout");
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
        <li>
          <AnchorLink to="home" onNavigate={() => onClose()} className="block py-3">
            {t("common.nav.home")}
          </AnchorLink>
        </li>
        <li>
          <AnchorLink to="about" onNavigate={() => onClose()} className="block py-3">
            {t("common.nav.about")}
          </AnchorLink>
          <ul className="mb-2 ms-4 border-s border-white/15 ps-4 text-sm text-white/80">
            {ABOUT_LINKS.slice(1).map((l) => (
              <li key={l.to}>
                <AnchorLink to={l.to} onNavigate={() => onClose()} className="block py-2">
                  {t(l.label)}
                </AnchorLink>
              </li>
            ))}
          </ul>
        </li>
        <li>
          <AnchorLink to="portfolio" onNavigate={() => onClose()} className="block py-3">
            {t("common.nav.investments")}
          </AnchorLink>
        </li>
        <li>
          <Link to="/press-releases" className="block py-3">
            {t("common.nav.press")}
          </Link>
        </li>
        <li>
          <AnchorLink to="contact" onNavigate={() => onClose()} className="block py-3">
            {t("common.nav.contact")}
          </AnchorLink>
        </li>
        <li>
          <Link to="/search" onClick={() => onClose()} className="flex items-center gap-2 py-3">
            <Search className="h-4 w-4" aria-hidden="true" /> {t("common.nav.search")}
          </Link>
        </li>
        <li className="mt-3 border-t border-white/10 pt-3">
          {user ? (
            <div className="flex flex-col gap-1">
              {hasAdminRole(user) ? (
                <Link to="/admin" className="block py-3">
                  {t("common.nav.admin")}
                </Link>
              ) : null}
              <Link to="/investor-portal" className="block py-3">
                {t("common.nav.portal")}
              </Link>
              <Link to="/account" className="block py-3">
                {t("common.nav.accountSettings")}
              </Link>
              <button type="button" className="py-3 text-start" onClick={onLogout}>
                {t("common.nav.logout")}
              </button>
            </div>
          ) : (
            <Link to="/auth" className="block py-3 font-semibold text-gold-400">
              {t("common.nav.loginRegister")}
            </Link>
          )}
        </li>
        <li className="mt-3 border-t border-white/10 pt-4 text-sm text-white/80">
          <LanguageSwitch linkClassName="inline-block px-1 py-2" />
        </li>
      </ul>
    </nav>
  );
}
