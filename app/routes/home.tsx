import { data, redirect } from "react-router";
import { About } from "~/components/home/about";
import { Contact, type ContactActionData } from "~/components/home/contact";
import { toHomePress, toPortfolioItem, useHomeContent, type HomePortfolioItem, type HomePress } from "~/components/home/content";
import { Hero } from "~/components/home/hero";
import { Leadership } from "~/components/home/leadership";
import { Portfolio } from "~/components/home/portfolio";
import { PressReleases } from "~/components/home/press";
import { lastKnownStats, Stats } from "~/components/home/stats";
import { useStoredScrollTarget } from "~/components/site/anchor-link";
import { contactFailed, handleContactForm, readSmallForm } from "~/lib/contact-action.server";
import { metaT } from "~/i18n/meta";
import { useRootData } from "~/hooks/use-root-data";
import type { RootData } from "~/root";
import { localizePath } from "../../shared/i18n/locales";
import { brand as defaultBrand, type Brand, type HomeStat } from "../../shared/brand";
import type { Route } from "./+types/home";
import { publicPageHeaders } from "../../shared/cache-policy";

type HomeData = { portfolio: HomePortfolioItem[] | null; press: HomePress[] | null; stats: HomeStat[] | null; origin: string; contactSent: string | null };

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const brand: Brand = (matches[0]?.data as RootData | undefined)?.brand ?? defaultBrand;
  const t = metaT(matches);
  const origin = (loaderData as HomeData | undefined)?.origin ?? "";
  // The English home page's address is '/', the Arabic one's '/ar'.
  const url = `${origin}${t.path("/")}`;
  const title = t("site.home.metaTitle", { brand: brand.name });
  const image = `${origin}/media/hero-poster.jpg`;
  const sameAs = Object.values(brand.social).filter((href) => /^https?:\/\//.test(href));
  return [
    { title },
    { name: "description", content: brand.metaDescription },
    { tagName: "link", rel: "canonical", href: url },
    // The server's policy is no-referrer, under which a browser posting the contact form without JavaScript
    // sends 'Origin: null', and a null origin fails the CSRF checks. 'same-origin' still sends nothing to other
    // sites but lets this page's own form post carry its real origin.
    { name: "referrer", content: "same-origin" },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: brand.metaDescription },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1280" },
    { property: "og:image:height", content: "720" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: brand.metaDescription },
    { name: "twitter:image", content: image },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: brand.name,
        url,
        logo: `${origin}/favicon.svg`,
        description: brand.description,
        email: brand.email,
        telephone: brand.phone,
        address: { "@type": "PostalAddress", streetAddress: brand.address, addressCountry: "EG" },
        ...(sameAs.length ? { sameAs } : {}),
      },
    },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs): Promise<HomeData> {
  // A failing read leaves that part to the browser, which shows the cached copy, skeletons or the fallback.
  const [portfolio, press, stats] = await Promise.all([
    context.services.portfolio
      .list({ locale: context.locale })
      .then((rows) => rows.map(toPortfolioItem).filter((v): v is HomePortfolioItem => v !== null))
      .catch((err: unknown) => {
        context.logger.error({ err }, "Home: portfolio could not be read");
        return null;
      }),
    context.services.press
      .homepageCards({ locale: context.locale })
      .then((rows) => rows.map(toHomePress).filter((v): v is HomePress => v !== null))
      .catch((err: unknown) => {
        context.logger.error({ err }, "Home: homepage press releases could not be read");
        return null;
      }),
    context.services.settings.homeStats({ locale: context.locale }).catch((err: unknown) => {
      context.logger.error({ err }, "Home: figures could not be read");
      return null;
    }),
  ]);
  // After a successful post without JavaScript the action redirects here with ?sent (post/redirect/get).
  const contactSent = new URL(request.url).searchParams.has("sent") ? thanksIn(context) : null;
  return { portfolio, press, stats, origin: context.origin, contactSent };
}

/**
 * Client-side navigations to the home page do not wait for the server: the page shows the browser's cached
 * content at once (or skeletons) and refreshes it from the API.
 */
export async function clientLoader(): Promise<HomeData> {
  return { portfolio: null, press: null, stats: lastKnownStats(), origin: window.location.origin, contactSent: null };
}

/** A refused contact post (429) tells the browser when it may send again; the page itself is public. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : publicPageHeaders();
}

/** The thank-you sentence in the page's language. */
const thanksIn = (context: Route.LoaderArgs["context"]) => context.i18n.translate(context.locale, "site.contact.thanks");

/** The contact form posted without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  if (form === "too-large" || form === "unsupported") {
    const status = form === "too-large" ? 413 : 415;
    return data<ContactActionData>({ ok: false, message: contactFailed(context.locale), errors: {}, values: {} }, { status });
  }
  const result = await handleContactForm(form, {
    ip: context.ip,
    submit: (input, meta) => context.services.contact.submit(input, meta),
    thanks: thanksIn(context),
    log: (err) => context.logger.error({ err }, "Contact form could not be stored"),
    locale: context.locale,
  });
  // Post/redirect/get: reloading the thank-you page does not send the message again.
  if (result.ok) return redirect(localizePath("/?sent#contact", context.locale), 303);
  // Every message of the answer is in the page's language.
  const { status, retryAfter, ...body } = result;
  return data<ContactActionData>(body, { status, headers: retryAfter ? { "Retry-After": String(retryAfter) } : undefined });
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const brand = root?.brand ?? defaultBrand;
  const { portfolio, press, retryPortfolio } = useHomeContent(loaderData, root?.mode ?? "development");
  useStoredScrollTarget(portfolio.status !== "loading" && press.status !== "loading");
  return (
    <>
      <Hero brandName={brand.name} />
      <Stats stats={loaderData.stats} />
      <About brandName={brand.name} />
      <Portfolio state={portfolio} onRetry={retryPortfolio} />
      <PressReleases state={press} />
      <Leadership />
      <Contact brand={brand} actionData={actionData} sentMessage={loaderData.contactSent} />
    </>
  );
}
