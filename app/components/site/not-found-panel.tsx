import { ArrowRight, Home, Newspaper, Search } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { brand as defaultBrand } from "../../../shared/brand";
import type { GuardedRole } from "../../../shared/rules";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";

/**
 * The body of every error page (the catch-all route and the root error boundary): a label with the status, the
 * title, a line saying what happened and links onwards. A page that was not found offers the places a reader most
 * likely wanted (home, the press releases, search); any other error offers the way home.
 */
export function ErrorPanel({ code = 404, title, text }: { code?: number; title?: string; text?: string }) {
  const t = useT();
  const links = [
    { to: "/", label: t("common.error.home"), icon: Home },
    ...(code === 404
      ? [
          { to: "/press-releases", label: t("common.error.notFoundPress"), icon: Newspaper },
          { to: "/search", label: t("common.error.notFoundSearch"), icon: Search },
        ]
      : []),
  ];
  return (
    <section className="relative flex min-h-[70vh] items-center overflow-hidden bg-navy-950 px-6 pb-20 pt-36 text-white md:pt-44">
      <div
        className="pointer-events-none absolute inset-0 opacity-40"
        style={{ background: "radial-gradient(ellipse at 50% 0%, rgba(199,155,75,0.25), transparent 60%)" }}
        aria-hidden="true"
      />
      <div className="relative mx-auto w-full max-w-xl text-center">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">{t("common.error.label", { code })}</p>
        <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{title ?? t("common.error.notFoundTitle", { code })}</h1>
        <p className="mt-4 text-base text-navy-100 sm:text-lg">{text ?? t("common.error.notFoundText")}</p>
        <nav aria-label={t("common.error.notFoundLinks")} className="mt-8">
          <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
            {links.map(({ to, label, icon: Icon }, i) => (
              <li key={to}>
                <Link
                  to={to}
                  className={
                    i === 0
                      ? "flex h-full items-center justify-center gap-2 whitespace-nowrap rounded-md bg-gold-500 px-4 py-3 text-sm font-semibold text-navy-950 transition-colors hover:bg-gold-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
                      : "flex h-full items-center justify-center gap-2 whitespace-nowrap rounded-md border border-white/25 px-4 py-3 text-sm font-semibold text-white transition-colors hover:border-gold-400 hover:text-gold-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
                  }
                >
                  <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {label}
                  {i === 0 ? null : <ArrowRight className="h-4 w-4 shrink-0 rtl:-scale-x-100" aria-hidden="true" />}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

/** The root error boundary's page body: its title and text follow the error's status (404, 403 by role, 503, else 500). */
export function ErrorMain({ error }: { error: unknown }) {
  const t = useT();
  let title = t("common.error.title");
  let text = t("common.error.text");
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = t("common.error.notFoundTitle", { code: 404 });
      text = t("common.error.notFoundText");
    } else if (error.status === 403) {
      title = t("common.error.deniedTitle");
      const role = (error.data as { denied?: GuardedRole } | undefined)?.denied;
      text = role === "admin" ? t("common.error.deniedAdmin") : role === "investor" ? t("common.error.deniedInvestor") : t("common.error.deniedAny");
    } else if (error.status === 503) {
      title = t("common.error.unavailableTitle");
      text = t("common.error.unavailableText");
    }
  }
  return (
    <main id="main">
      <title>{`${title} | ${defaultBrand.name}`}</title>
      <ErrorPanel code={isRouteErrorResponse(error) ? error.status : 500} title={title} text={text} />
    </main>
  );
}
