import { z } from "zod";

/**
 * Previews of unpublished items: an admin's own view (`/preview/press/:id`) and the links an admin hands to
 * colleagues who have no account (`/preview/:token`). Both are pages in both languages ('/ar/preview/...').
 */

/** How long a new preview link works, in hours: the setting's default and the range an admin may choose from. */
export const PREVIEW_LINK_HOURS = { default: 72, min: 1, max: 720 } as const;

/** The setting's body: a whole number of hours in the range above. */
export const previewLinkHoursSchema = z.strictObject({
  hours: z
    .number({ error: "validation.previewLinkHours" })
    .int("validation.previewLinkHours")
    .min(PREVIEW_LINK_HOURS.min, "validation.previewLinkHours")
    .max(PREVIEW_LINK_HOURS.max, "validation.previewLinkHours")
    .meta({ description: `Whole hours, ${PREVIEW_LINK_HOURS.min} to ${PREVIEW_LINK_HOURS.max}.` }),
});

/** What can be previewed: press releases. Portfolio companies have no page of their own (the site shows them as cards), so no preview. */
export const PREVIEW_ENTITY_TYPES = ["press"] as const;
export type PreviewEntityType = (typeof PREVIEW_ENTITY_TYPES)[number];

/** A link's token: 32 random bytes, base64url (43 characters). */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Every preview page, in either language, with or without its `.data` suffix. */
export const isPreviewPath = (pathname: string) => /^\/(?:ar\/)?preview(?:\/|\.data$|$)/.test(pathname);

/** The query parameter of the phone-width frame: the page without its preview banner. */
export const PREVIEW_FRAME_PARAM = "frame";
/** The phone width the preview's phone view lays the page out at, in CSS pixels. */
export const PREVIEW_PHONE_WIDTH = 390;

/**
 * The headers of every preview answer (the page and its `.data` request, found or not): never indexed or followed,
 * never kept by a shared cache, the page cache or the browser's disk, and no Referer carrying a token elsewhere.
 */
export const PREVIEW_HEADERS = {
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
} as const;

/** An admin's preview of an item, in a language. */
export const previewPath = (type: PreviewEntityType, id: number) => `/preview/${type}/${id}`;
