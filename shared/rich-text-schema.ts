/**
 * The press editor's schema: one list of Tiptap extensions that the dashboard's editor runs and the server renders
 * the stored documents with (server/lib/rich-text.ts), so what the editor can make is exactly what the server
 * accepts and renders. Only the dashboard's lazily loaded editor and the server import this module: it pulls in
 * Tiptap and ProseMirror, which no public page may carry (scripts/check-bundle.mjs refuses them there).
 */
import { extensions as core, type Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";

/** The languages a release is written in, and the direction a block has until the writer chooses another. */
export type RichTextLanguage = "en" | "ar";
export type TextDirection = "ltr" | "rtl" | "auto";

/**
 * English blocks take their direction from their first strong letter ('auto'), so an Arabic quotation reads right to
 * left; Arabic blocks are right to left, and the English names and figures inside them are laid out by the bidi
 * algorithm within that paragraph.
 */
export const DEFAULT_DIRECTION: Record<RichTextLanguage, TextDirection> = { en: "auto", ar: "rtl" };

/** The link schemes a writer may use; anything else (javascript:, data:, http:) is refused. */
export const LINK_SCHEMES = ["https:", "mailto:"] as const;
export const isAllowedLink = (href: string) => {
  const value = href.trim().toLowerCase();
  return LINK_SCHEMES.some((scheme) => value.startsWith(scheme)) && !/[\u0000-\u001f\s]/.test(href.trim());
};

/** Images come from the site's own upload pipeline ('/uploads/<name>.webp') or from an https address. */
export const isAllowedImage = (src: string) => /^\/uploads\/[\w.-]+$/.test(src) || /^https:\/\/[^\s"'<>]+$/i.test(src);

/** Heading levels: the release's title is the page's h1. */
export const HEADING_LEVELS = [2, 3] as const;

/** The rel and target every link is rendered with (sanitize-html sets the same on pasted HTML). */
export const LINK_REL = "noopener noreferrer nofollow";

/** The extensions, for a release's text in `language`. The schema (nodes, marks, attributes) is the same for both. */
export function richTextExtensions(language: RichTextLanguage): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      // Not in the content the site renders (server/lib/sanitize-content.ts): no code, no strike-through.
      code: false,
      codeBlock: false,
      strike: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: "https",
        protocols: [],
        isAllowedUri: (url) => isAllowedLink(url),
        shouldAutoLink: (url) => isAllowedLink(url.includes(":") ? url : `https://${url}`),
        HTMLAttributes: { rel: LINK_REL, target: "_blank", class: null },
      },
    }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false, allowBase64: false }),
    core.TextDirection.configure({ direction: DEFAULT_DIRECTION[language] }),
  ];
}
