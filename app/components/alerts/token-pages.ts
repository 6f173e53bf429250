import { brandName } from "~/components/press/seo";
import { metaT } from "~/i18n/meta";
import { alertTokenSchema } from "../../../shared/alerts-schemas";
import type { MessageId } from "../../../shared/i18n/messages";

/**
 * The pages an alert e-mail links to with a token in their address (/alerts/confirm?token=…,
 * /alerts/preferences?token=…, in either language). Like the reset-password page they are never stored by the page
 * cache, and more: they have no loader, so the token reaches the server only in a POST body sent by the page's
 * script; their answers are `private, no-store` (no shared cache or browser disk keeps them), never indexed, and
 * never pass their address on as a Referer. They are not in the sitemap, and robots.txt keeps crawlers out.
 */
export const tokenPageHeaders = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
});

type Matches = Parameters<typeof metaT>[0];

/** The meta of such a page: its title with the brand, noindex, and no Referer from its links. */
export function tokenPageMeta(matches: Matches, title: MessageId) {
  const t = metaT(matches);
  return [{ title: t(title, { brand: brandName(matches) }) }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "no-referrer" }];
}

/** The `token` of the page's address when it has the shape of one (the server checks the rest), else null. */
export function tokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get("token") ?? "";
  return alertTokenSchema.safeParse({ token }).success ? token : null;
}
