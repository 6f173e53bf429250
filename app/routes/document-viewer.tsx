import { data, redirect } from "react-router";
import { DocumentViewer } from "~/components/viewer/document-viewer";
import { metaT } from "~/i18n/meta";
import { requirePageUser } from "~/lib/guards.server";
import { DEFAULT_BRAND } from "~/root";
import { localizePath } from "../../shared/i18n/locales";
import { needsSecondFactor, SECOND_FACTOR_SETUP_PATH } from "../../shared/rules";
import type { Route } from "./+types/document-viewer";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("portal.viewer.metaTitle", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

/** A signed-in reader's page: no shared cache may keep it. */
export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * A document of the library in the viewer (/investor-portal/documents/:id, /ar/...). The page itself only checks
 * that someone is signed in, as the portal does; the browser then opens the view through the API, which decides
 * whether this reader may read this document (access rules, confidentiality notice) with the same checks as a
 * download, and binds the page addresses to this browser session.
 */
export function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  // An admin signed in with the password alone has a member's rights: they are sent to prove their second factor.
  if (needsSecondFactor(user)) throw redirect(localizePath(SECOND_FACTOR_SETUP_PATH, context.locale));
  const id = /^[1-9][0-9]{0,9}$/.test(params.id) ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw data(null, { status: 404 });
  return { id };
}

export default function DocumentViewerPage({ loaderData }: Route.ComponentProps) {
  return <DocumentViewer key={loaderData.id} documentId={loaderData.id} />;
}
