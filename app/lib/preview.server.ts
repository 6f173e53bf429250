import { data, type AppLoadContext } from "react-router";
import { pressArticleData } from "~/components/press/press-article-data.server";
import { requirePageRole } from "~/lib/guards.server";
import { RateLimitedError } from "../../server/lib/rate-limited-error";
import { visitorKey } from "../../server/features/rate-limits/rate-limit";
import { PREVIEW_FRAME_PARAM, PREVIEW_HEADERS } from "../../shared/preview";
import type { PublicationState } from "../../shared/publication";
import { RATE_RULES } from "../../shared/rate-limits";

/**
 * The preview page's data. An admin's preview (`id`) needs the dashboard's guard; a link's preview (`token`) counts
 * one try against the visitor's budget, good token or not, so tokens cannot be guessed at any useful rate. A token
 * that opens nothing (unknown, expired or revoked) gives one and the same answer.
 */
export async function loadPreview(context: AppLoadContext, request: Request, params: { id?: string; token?: string }) {
  const frame = new URL(request.url).searchParams.get(PREVIEW_FRAME_PARAM) === "1";
  const { previewLinks, limits } = context.services;
  const admin = params.id !== undefined;
  let id: number | null = null;
  if (admin) {
    requirePageRole(context, request, "admin");
    id = /^\d{1,10}$/.test(params.id ?? "") && Number(params.id) <= 2_147_483_647 ? Number(params.id) : null;
  } else {
    try {
      await limits.consume(RATE_RULES.previewIp, visitorKey(context.ip));
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      return data({ kind: "limited" as const }, { status: 429, headers: { ...PREVIEW_HEADERS, "Retry-After": String(err.retryAfterSeconds) } });
    }
    id = (await previewLinks.resolve(params.token ?? ""))?.id ?? null;
  }
  const found = id === null ? null : await previewLinks.press(id, context.locale);
  if (!found) return data({ kind: "gone" as const, admin }, { status: 404, headers: PREVIEW_HEADERS });
  const { release } = found;
  return data(
    {
      kind: "article" as const,
      article: await pressArticleData(release, context),
      publication: release.publication as PublicationState,
      publishAt: release.publishAt,
      frame,
    },
    { headers: PREVIEW_HEADERS },
  );
}
