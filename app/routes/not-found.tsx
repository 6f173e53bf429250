import { data } from "react-router";
import { ErrorPanel } from "~/components/site/not-found-panel";
import { metaT } from "~/i18n/meta";
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
  return <ErrorPanel />;
}
