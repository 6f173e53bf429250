import { data } from "react-router";
import { Button } from "~/components/ui/button";
import { Link } from "~/i18n/link";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { DEFAULT_BRAND } from "~/root";
import type { Route } from "./+types/not-found";

/**
 * Any path no other route matches answers HTTP 404. The route renders the page itself (rather than throwing
 * to the root error boundary), so its own <title> and meta tags are used.
 */
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("common.error.notFoundMetaTitle", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const t = useT();
  return (
    <section className="relative flex min-h-[70vh] items-center overflow-hidden bg-navy-950 px-6 pb-20 pt-36 text-white md:pt-44">
      <div
        className="pointer-events-none absolute inset-0 opacity-40"
        style={{ background: "radial-gradient(ellipse at 50% 0%, rgba(199,155,75,0.25), transparent 60%)" }}
        aria-hidden="true"
      />
      <div className="relative mx-auto w-full max-w-xl text-center">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{t("common.error.label", { code: 404 })}</p>
        <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{t("common.error.notFoundTitle", { code: 404 })}</h1>
        <p className="mt-4 text-base text-navy-100 sm:text-lg">{t("common.error.notFoundText")}</p>
        <Button asChild variant="gold" className="mt-8">
          <Link to="/">{t("common.error.home")}</Link>
        </Button>
      </div>
    </section>
  );
}
