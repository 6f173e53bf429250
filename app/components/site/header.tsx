import { ChevronDown, LogOut, Menu, Search, ShieldCheck, UserRound, X, LayoutDashboard } from "lucide-react";
import * as React from "react";
import { Link, NavLink, useLocation, useNavigate, useRevalidator } from "react-router";
import { toast } from "sonner";
import { useRootData } from "~/root";
import { cn } from "~/lib/utils";
import { brand as defaultBrand } from "../../../shared/brand";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "../ui/dropdown-menu";
import { AnchorLink } from "./anchor-link";
import { apiRequest } from "~/lib/api";

const DARK_PREFIXES = ["/auth", "/investor-portal", "/admin", "/press-releases", "/environment-setup"];

export function isDarkRoute(pathname: string) {
  return DARK_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
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

const ABOUT_LINKS = [
  { label: "Company Overview", to: "about" },
  { label: "Our Mission", to: "mission" },
  { label: "Our Vision", to: "vision" },
];

export function SiteHeader({ forceDark = false }: { forceDark?: boolean }) {
  const root = useRootData();
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
    try {
      await apiRequest("POST", "/api/logout");
      toast.success("Logged out", { description: "You have been logged out successfully." });
      navigate("/");
      revalidator.revalidate();
    } catch (err) {
      toast.error("Logout failed", { description: err instanceof Error ? err.message : undefined });
    }
  }

  const linkTone = solidWhite ? "text-navy-900 hover:text-gold-600" : "text-white/90 hover:text-white";
  const navItem = cn("rounded-md px-3 py-2 text-sm font-medium transition-colors", linkTone);

  return (
    <header
      data-theme={dark ? "dark" : solidWhite ? "light" : "transparent"}
      data-hydrated={hydrated ? "true" : undefined}
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
          <Link to="/search" className="inline-flex items-center gap-1.5 rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500">
            <Search className="h-3.5 w-3.5" aria-hidden="true" /> Search
          </Link>
          <span aria-label="Language">
            <span className="font-semibold" aria-current="true">
              EN
            </span>{" "}
            |{" "}
            <span title="Arabic version coming soon" className="opacity-70">
              AR
            </span>
          </span>
        </div>
      </div>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-6 md:h-20">
        <Link to="/" className="flex items-center gap-3" aria-label={`${brand.name} home`}>
          <img src="/favicon.svg" alt="" width={36} height={36} className="h-9 w-9" />
          <span className={cn("font-display text-lg font-semibold leading-tight md:text-xl", solidWhite ? "text-navy-950" : "text-white")}>
            {brand.shortName}
            <span className={cn("block font-sans text-[10px] font-medium uppercase tracking-[0.25em]", solidWhite ? "text-gold-600" : "text-gold-400")}>Holdings</span>
          </span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <AnchorLink to="home" className={navItem}>
            Home
          </AnchorLink>
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger className={cn(navItem, "inline-flex items-center gap-1")}>
              About Us <ChevronDown className="h-4 w-4" aria-hidden="true" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              {ABOUT_LINKS.map((l) => (
                <DropdownMenuItem key={l.to} asChild>
                  <AnchorLink to={l.to}>{l.label}</AnchorLink>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <AnchorLink to="portfolio" className={navItem}>
            Investments
          </AnchorLink>
          <NavLink to="/press-releases" className={({ isActive }) => cn(navItem, isActive && "text-gold-400")}>
            Press Releases
          </NavLink>
          <AnchorLink to="contact" className={navItem}>
            Contact
          </AnchorLink>
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger
                className={cn(
                  "inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold",
                  solidWhite ? "border-slate-300 text-navy-900" : "border-white/30 text-white",
                )}
              >
                <UserRound className="h-4 w-4" aria-hidden="true" /> My Account <ChevronDown className="h-4 w-4" aria-hidden="true" />
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuLabel>{user.fullName ?? user.username}</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {user.role === "admin" ? (
                  <DropdownMenuItem asChild>
                    <Link to="/admin">
                      <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Admin Dashboard
                    </Link>
                  </DropdownMenuItem>
                ) : null}
                <DropdownMenuItem asChild>
                  <Link to="/investor-portal">
                    <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Investor Portal
                  </Link>
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => void logout()}>
                  <LogOut className="h-4 w-4" aria-hidden="true" /> Log Out
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : (
            <Link
              to="/auth"
              className={cn(
                "rounded-full px-5 py-2 text-sm font-semibold transition-colors",
                solidWhite ? "bg-navy-900 text-white hover:bg-navy-800" : "bg-gold-500 text-navy-950 hover:bg-gold-400",
              )}
            >
              Login
            </Link>
          )}
        </div>

        <button
          ref={menuButton}
          type="button"
          className={cn("rounded-md p-2 lg:hidden", solidWhite ? "text-navy-900" : "text-white")}
          aria-label={mobileOpen ? "Close menu" : "Open menu"}
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen((o) => !o)}
        >
          {mobileOpen ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
        </button>
      </div>

      {mobileOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-white/10 bg-navy-950 px-6 pb-6 pt-2 lg:hidden">
          <ul className="flex flex-col text-base text-white">
            <li>
              <AnchorLink to="home" onNavigate={() => setMobileOpen(false)} className="block py-3">
                Home
              </AnchorLink>
            </li>
            <li>
              <AnchorLink to="about" onNavigate={() => setMobileOpen(false)} className="block py-3">
                About Us
              </AnchorLink>
              <ul className="mb-2 ml-4 border-l border-white/15 pl-4 text-sm text-white/80">
                {ABOUT_LINKS.slice(1).map((l) => (
                  <li key={l.to}>
                    <AnchorLink to={l.to} onNavigate={() => setMobileOpen(false)} className="block py-2">
                      {l.label}
                    </AnchorLink>
                  </li>
                ))}
              </ul>
            </li>
            <li>
              <AnchorLink to="portfolio" onNavigate={() => setMobileOpen(false)} className="block py-3">
                Investments
              </AnchorLink>
            </li>
            <li>
              <Link to="/press-releases" className="block py-3">
                Press Releases
              </Link>
            </li>
            <li>
              <AnchorLink to="contact" onNavigate={() => setMobileOpen(false)} className="block py-3">
                Contact
              </AnchorLink>
            </li>
            <li>
              <Link to="/search" onClick={() => setMobileOpen(false)} className="flex items-center gap-2 py-3">
                <Search className="h-4 w-4" aria-hidden="true" /> Search
              </Link>
            </li>
            <li className="mt-3 border-t border-white/10 pt-3">
              {user ? (
                <div className="flex flex-col gap-1">
                  {user.role === "admin" ? (
                    <Link to="/admin" className="block py-3">
                      Admin Dashboard
                    </Link>
                  ) : null}
                  <Link to="/investor-portal" className="block py-3">
                    Investor Portal
                  </Link>
                  <button type="button" className="py-3 text-left" onClick={() => void logout()}>
                    Log Out
                  </button>
                </div>
              ) : (
                <Link to="/auth" className="block py-3 font-semibold text-gold-400">
                  Login / Register
                </Link>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
