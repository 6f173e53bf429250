import { type ShouldRevalidateFunctionArgs, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData, Link } from "react-router";
import type { Route } from "./+types/root";
import appStyles from "./app.css?url";
import { useNonce } from "./lib/nonce";
import { DeferredToaster } from "./lib/toast";
import { SiteFooter } from "./components/site/footer";
import { SiteHeader } from "./components/site/header";
import type { PublicUser } from "../server/services/users";
import type { Brand } from "../shared/brand";
import { brand as defaultBrand } from "../shared/brand";
import { Button } from "./components/ui/button";
import { SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_TITLE } from "../shared/availability";

/**
 * The stylesheet is a React stylesheet resource (it has a precedence), so it is written at the top of <head>,
 * ahead of the module preloads: it blocks the first paint, and behind ~20 preloads on a slow connection it
 * arrives last.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: appStyles, precedence: "default" }];

/** Who is signed in, as the header shows it. */
export type RootUser = Pick<PublicUser, "id" | "username" | "email" | "fullName" | "role">;
export type RootData = { user: RootUser | null; brand: Brand; mode: "production" | "development" };

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const { services, user } = context;
  // Both come from the request's one read of the settings.
  const [brand, mode] = await Promise.all([services.settings.brand(), services.settings.effectiveMode(new URL(request.url).hostname)]);
  return { user: user ? { id: user.id, username: user.username, email: user.email, fullName: user.fullName, role: user.role } : null, brand, mode };
}

/** The session shown in the header must follow sign-in and sign-out, which happen on /auth or through the API. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || currentUrl.pathname === "/auth" || nextUrl.pathname === "/auth";
}

export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

/** Height of the fixed site header in px: 4rem bar on phones; 2.25rem top bar + 5rem bar from the md breakpoint. */
const HEADER_HEIGHT = { phone: 64, desktop: 116 } as const;
const TOAST_GAP = 12;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-navy-900">
          Skip to content
        </a>
        {children}
        {/* Toasts open below the fixed header, so they never cover its Login / My Account button or the menu toggle. */}
        <DeferredToaster
          position="top-right"
          offset={{ top: HEADER_HEIGHT.desktop + TOAST_GAP }}
          mobileOffset={{ top: HEADER_HEIGHT.phone + TOAST_GAP }}
          richColors
          closeButton
          visibleToasts={1}
          duration={5000}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

const DENIED = {
  admin: "This page is only accessible to administrators.",
  investor: "This page is only accessible to investors.",
} as const;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let text = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "404 Page Not Found";
      text = "Did you forget to add the page to the router?";
    } else if (error.status === 403) {
      title = "Access Denied";
      const role = (error.data as { denied?: keyof typeof DENIED } | undefined)?.denied;
      text = role ? DENIED[role] : "You do not have access to this page.";
    } else if (error.status === 503) {
      title = SERVICE_UNAVAILABLE_TITLE;
      text = SERVICE_UNAVAILABLE_MESSAGE;
    }
  }
  return (
    <>
      <title>{`${title} | ${defaultBrand.name}`}</title>
      <SiteHeader forceDark />
      <main id="main" className="flex min-h-[70vh] items-center justify-center bg-slate-50 px-4 pb-16 pt-40">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <h1 className="font-display text-3xl font-semibold text-navy-950">{title}</h1>
          <p className="mt-3 text-slate-600">{text}</p>
          <Button asChild className="mt-6">
            <Link to="/">Return to Home</Link>
          </Button>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}

export const DEFAULT_BRAND = defaultBrand;
