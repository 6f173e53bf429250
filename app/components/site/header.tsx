import { ChevronDown, Menu, Search, UserRound, X } from "lucide-react";
import * as React from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { Link, NavLink } from "~/i18n/link";
import { useLocale, useT } from "~/i18n/provider";
import { useRootData } from "~/hooks/use-root-data";
import { MAIN_NAV, NAV } from "~/lib/navigation";
import { cn } from "~/lib/utils";
import { brand as defaultBrand } from "../../../shared/brand";
import { localizePath, stripLocale } from "../../../shared/i18n/locales";
import { NavEntryLink } from "./nav-entry-link";
import { LanguageSwitch } from "./language-switch";
import type { OpenedWith } from "./header-menus";

const DARK_PREFIXES = [
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/confirm-email",
  "/account",
  "/investor-portal",
  "/admin",
  "/press-releases",
  "/environment-setup",
];

/** Pages with a dark band at the top, in either language ('/ar/press-releases' too). */
export function isDarkRoute(pathname: string) {
  const path = stripLocale(pathname);
  return DARK_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

function useScrolledPast(px: number) {
  const [past, setPast] = React.useState(false);
  React.useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [px]);
  return past;
}

type Menus = typeof import("./header-menus");
type MenuName = "about" | "account";
let loadedMenus: Menus | undefined;
const loadMenus = () => import("./header-menus").then((m) => (loadedMenus = m));

/**
 * The dropdown menus (a menu library of their own) load when the visitor reaches for the header: a pointer over
 * it, the focus inside it, or a press on one of its triggers (a page load that no one touches does not pay for
 * them). Until then each trigger is a stand-in that looks the same; pressing it opens the menu as soon as it is
 * there, and a stand-in that had the focus hands it to the real trigger.
 */
function useHeaderMenus() {
  const [menus, setMenus] = React.useState<Menus | undefined>(() => loadedMenus);
  const [pending, setPending] = React.useState<{ menu: MenuName; with: Exclude<OpenedWith, null> } | null>(null);
  const [focused, setFocused] = React.useState<MenuName | null>(null);
  const standIns = React.useRef<Partial<Record<MenuName, HTMLButtonElement | null>>>({});
  const load = React.useCallback(() => {
    loadMenus().then(
      (m) => {
        const active = document.activeElement;
        setFocused(active === standIns.current.about ? "about" : active === standIns.current.account ? "account" : null);
        setMenus(m);
      },
      (err: unknown) => console.error("The header menus could not be loaded", err),
    );
  }, []);
  // A menu opens on its first mount only; later mounts (signing in again) start closed.
  React.useEffect(() => {
    if (menus && (pending || focused)) {
      setPending(null);
      setFocused(null);
    }
  }, [menus, pending, focused]);
  const open = (menu: MenuName, openedWith: Exclude<OpenedWith, null>) => {
    setPending({ menu, with: openedWith });
    load();
  };
  const menuProps = (menu: MenuName) => ({ openedWith: pending?.menu === menu ? pending.with : null, focusTrigger: focused === menu });
  const standIn = (menu: MenuName, className: string, children: React.ReactNode) => (
    <button
      ref={(el) => {
        standIns.current[menu] = el;
      }}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={className}
      onClick={(e) => open(menu, e.detail === 0 ? "keyboard" : "pointer")}
      onKeyDown={(e) => {
        if (e.key === "ArrowDown") {
          e.preventDefault();
          open(menu, "keyboard");
        }
      }}
    >
      {children}
    </button>
  );
  const loadSoon = () => {
    if (!menus) load();
  };
  return { menus, menuProps, standIn, load, loadSoon };
}

export function SiteHeader({ forceDark = false }: { forceDark?: boolean }) {
  const root = useRootData();
  const t = useT();
  const locale = useLocale();
  const user = root?.user ?? null;
  const brand = root?.brand ?? defaultBrand;
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const scrolled = useScrolledPast(50);
  const [mobileOpen, setMobileOpen] = React.useState(false);
  const darkRoute = forceDark || isDarkRoute(location.pathname);
  // An open mobile menu turns the whole bar dark, so the menu and the bar read as one panel.
  const dark = darkRoute || mobileOpen;
  const solidWhite = !dark && scrolled;
  const transparent = !dark && !scrolled;
  const menuButton = React.useRef<HTMLButtonElement>(null);
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  const { menus, menuProps, standIn, load, loadSoon } = useHeaderMenus();

  React.useEffect(() => setMobileOpen(false), [location.pathname]);
  React.useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMobileOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [mobileOpen]);

  async function logout() {
    const { logOut } = await loadMenus();
    await logOut({ navigate, revalidate: () => void revalidator.revalidate(), t, home: localizePath("/", locale) });
  }

  const linkTone = solidWhite ? "text-navy-900 hover:text-gold-600" : "text-white/90 hover:text-white";
  const navItem = cn("rounded-md px-3 py-2 text-sm font-medium transition-colors", linkTone);
  const aboutTrigger = cn(navItem, "inline-flex items-center gap-1");
  const accountTrigger = cn(
    "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold",
    solidWhite ? "border-slate-300 text-navy-900" : "border-white/30 text-white",
  );

  return (
    <header
      data-theme={dark ? "dark" : solidWhite ? "light" : "transparent"}
      // Reported once the header answers to script (its menus load when reached for).
      data-hydrated={hydrated ? "true" : undefined}
      onPointerOver={loadSoon}
      onFocus={loadSoon}
      className={cn(
        "fixed inset-x-0 top-0 z-50 transition-colors duration-300",
        dark && "bg-navy-950 shadow-lg",
        solidWhite && "bg-white shadow-md",
        // Without JavaScript nothing follows the scroll, so the bar keeps a dark backdrop that reads on any section.
        transparent && (hydrated ? "bg-transparent" : "bg-navy-950/90"),
      )}
    >
      <div className={cn("hidden border-b text-xs md:block", solidWhite ? "border-slate-200 text-slate-600" : "border-white/10 text-white/70")}>
        <div className="mx-auto flex h-9 max-w-7xl items-center justify-end gap-5 px-6">
          <NavEntryLink
            entry={NAV.search}
            className="inline-flex items-center gap-1.5 rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
          >
            <Search className="h-3.5 w-3.5" aria-hidden="true" /> {t(NAV.search.label)}
          </NavEntryLink>
          <LanguageSwitch />
        </div>
      </div>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-6 md:h-20">
        {/* The link is named by the words it shows (the brand and 'Holdings'), so speech input can say what it reads. */}
        <Link to={NAV.homePage.to} className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" width={36} height={36} className="h-9 w-9" />
          <span className={cn("font-display text-lg font-semibold leading-tight md:text-xl", solidWhite ? "text-navy-950" : "text-white")}>
            {brand.shortName}{" "}
            <span className={cn("block font-sans text-[10px] font-medium uppercase tracking-[0.25em]", solidWhite ? "text-gold-700" : "text-gold-400")}>
              {t("common.header.holdings")}
            </span>
          </span>
        </Link>

        <nav aria-label={t("common.nav.main")} className="hidden items-center gap-1 lg:flex">
          {MAIN_NAV.map((item) =>
            item === NAV.about ? (
              // About Us opens the menu of its sections.
              <React.Fragment key={item.label}>
                {menus ? (
                  <menus.AboutMenu triggerClassName={aboutTrigger} {...menuProps("about")} />
                ) : (
                  standIn(
                    "about",
                    aboutTrigger,
                    <>
                      {t(item.label)} <ChevronDown className="h-4 w-4" aria-hidden="true" />
                    </>,
                  )
                )}
              </React.Fragment>
            ) : item.to !== undefined ? (
              <NavLink key={item.label} to={item.to} className={({ isActive }) => cn(navItem, isActive && "text-gold-400")}>
                {t(item.label)}
              </NavLink>
            ) : (
              <NavEntryLink key={item.label} entry={item} className={navItem} />
            ),
          )}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            menus ? (
              <menus.AccountMenu user={user} onLogout={() => void logout()} triggerClassName={accountTrigger} {...menuProps("account")} />
            ) : (
              standIn(
                "account",
                accountTrigger,
                <>
                  <UserRound className="h-4 w-4" aria-hidden="true" /> {t("common.nav.account")} <ChevronDown className="h-4 w-4" aria-hidden="true" />
                </>,
              )
            )
          ) : (
            <Link
              to={NAV.signIn.to}
              className={cn(
                "rounded-full px-5 py-2 text-sm font-semibold transition-colors",
                solidWhite ? "bg-navy-900 text-white hover:bg-navy-800" : "bg-gold-500 text-navy-950 hover:bg-gold-400",
              )}
            >
              {t("common.nav.login")}
            </Link>
          )}
        </div>

        <button
          ref={menuButton}
          type="button"
          className={cn("rounded-md p-2 lg:hidden", solidWhite ? "text-navy-900" : "text-white")}
          aria-label={mobileOpen ? t("common.nav.closeMenu") : t("common.nav.openMenu")}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => {
            // The phone menu comes with the dropdowns; it opens once they are there.
            load();
            setMobileOpen((o) => !o);
          }}
        >
          {mobileOpen ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
        </button>
      </div>

      {mobileOpen && menus ? <menus.MobileMenu user={user} onClose={() => setMobileOpen(false)} onLogout={() => void logout()} /> : null}
    </header>
  );
}
