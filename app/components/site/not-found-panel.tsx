import { ArrowRight, Home, Newspaper, Search } from "lucide-react";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";

/**
 * The body of every 'page not found' answer (the catch-all route and the root error boundary): the title, a line
 * saying what happened and links to where a reader most likely wanted to go.
 */
export function NotFoundPanel() {
  const t = useT();
  const links = [
    { to: "/", label: t("common.error.home"), icon: Home },
    { to: "/press-releases", label: t("common.error.notFoundPress"), icon: Newspaper },
    { to: "/search", label: t("common.error.notFoundSearch"), icon: Search },
  ];
  return (
    <section className="relative flex min-h-[70vh] items-center overflow-hidden bg-navy-950 px-6 pb-20 pt-36 text-white md:pt-44">
      <div
        className="pointer-events-none absolute inset-0 opacity-40"
        style={{ background: "radial-gradient(ellipse at 50% 0%, rgba(199,155,75,0.25), transparent 60%)" }}
        aria-hidden="true"
      />
      <div className="relative mx-auto w-full max-w-xl text-center">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">{t("common.error.label", { code: 404 })}</p>
        <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{t("common.error.notFoundTitle", { code: 404 })}</h1>
        <p className="mt-4 text-base text-navy-100 sm:text-lg">{t("common.error.notFoundText")}</p>
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
