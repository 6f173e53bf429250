import type { MessageId } from "../../shared/i18n/messages";

/**
 * Where a navigation link goes: a section of the home page (`anchor`, rendered by AnchorLink as '/#id' in the
 * page's language) or a page (`to`, rendered by Link in the page's language). `label` is its catalog id.
 */
export type NavEntry = { label: MessageId } & ({ anchor: string; to?: never } | { to: string; anchor?: never });

/**
 * Every destination the header, the phone menu, the footer and the /sitemap page link to, each written once.
 * The sitemap lists the home page's sections by their headings (`portfolio`, `leadership`) and the home page as a page
 * (`homePage`); the menus scroll to its top section (`home`).
 */
export const NAV = {
  home: { label: "common.nav.home", anchor: "home" },
  homePage: { label: "common.nav.home", to: "/" },
  about: { label: "common.nav.about", anchor: "about" },
  overview: { label: "common.nav.overview", anchor: "about" },
  mission: { label: "common.nav.mission", anchor: "mission" },
  vision: { label: "common.nav.vision", anchor: "vision" },
  investments: { label: "common.nav.investments", anchor: "portfolio" },
  portfolio: { label: "site.portfolio.title", anchor: "portfolio" },
  leadership: { label: "site.leadership.eyebrow", anchor: "leadership" },
  press: { label: "common.nav.press", to: "/press-releases" },
  investors: { label: "common.nav.investors", to: "/investors" },
  contact: { label: "common.nav.contact", anchor: "contact" },
  search: { label: "common.nav.search", to: "/search" },
  portal: { label: "common.nav.portal", to: "/investor-portal" },
  signIn: { label: "common.nav.loginRegister", to: "/auth" },
  admin: { label: "common.nav.admin", to: "/admin" },
  account: { label: "common.nav.accountSettings", to: "/account" },
  sitemap: { label: "common.footer.sitemap", to: "/sitemap" },
  apiReference: { label: "common.footer.apiReference", to: "/developers/api" },
} as const satisfies Record<string, NavEntry>;

/** The main navigation, in order: the header's bar (where About Us opens ABOUT_SECTIONS) and the phone menu. */
export const MAIN_NAV: readonly NavEntry[] = [NAV.home, NAV.about, NAV.investments, NAV.press, NAV.investors, NAV.contact];

/** The home page's sections under About Us: the header's dropdown; the phone menu lists those after the overview. */
export const ABOUT_SECTIONS: readonly NavEntry[] = [NAV.overview, NAV.mission, NAV.vision];

/** A signed-in visitor's own pages, in the account menu's order; the dashboard only for admins. */
export const ACCOUNT_LINKS = { admin: NAV.admin, portal: NAV.portal, account: NAV.account } as const;

/** The footer's quick links: the main navigation and the investor portal. */
export const FOOTER_LINKS: readonly NavEntry[] = [...MAIN_NAV, NAV.portal];

/** The /sitemap page's 'Website' group: the home page, its sections by their headings, the press list and search. */
export const SITEMAP_WEBSITE: readonly NavEntry[] = [NAV.homePage, NAV.about, NAV.portfolio, NAV.leadership, NAV.contact, NAV.press, NAV.search];

/** The /sitemap page's 'Investors and legal' group starts with these (the legal pages and the files follow). */
export const SITEMAP_INVESTORS: readonly NavEntry[] = [NAV.investors, NAV.portal, NAV.signIn, NAV.apiReference];
