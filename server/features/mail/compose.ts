/**
 * Every e-mail has one shape: the brand's name as a header, a heading, a greeting, paragraphs, an optional quoted
 * block and one button, then a footer. It is written twice from the same content: HTML (inline styles, one
 * 600-pixel column, the page direction of its language) and plain text.
 */
import { LOCALE_INFO, type Locale } from "../../../shared/i18n/locales";

export type EmailContent = {
  subject: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  /** Shown as a quotation (a visitor's message), line breaks kept. */
  quote?: string;
  action?: { label: string; url: string; fallback: string };
  /** Paragraphs after the button. */
  after?: string[];
  footer: string[];
  /** Links in the footer (an alert's preferences and unsubscribe pages). */
  footerLinks?: { label: string; url: string }[];
};

export type RenderedEmail = { subject: string; html: string; text: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const NAVY = "#0b1d36";
const GOLD = "#b8924a";
const INK = "#1e293b";
const MUTED = "#64748b";

/** A subject is one header line: line breaks (which could start another header) become spaces. */
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, " ").trim();

export function renderEmail(locale: Locale, brand: { name: string; address: string }, content: EmailContent): RenderedEmail {
  const dir = LOCALE_INFO[locale].dir;
  const align = dir === "rtl" ? "right" : "left";
  const font = locale === "ar" ? "'IBM Plex Sans Arabic', Tahoma, Arial, sans-serif" : "Inter, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
  const p = (s: string, style = "") => `<p style="margin:0 0 16px;line-height:1.6;color:${INK};${style}">${escapeHtml(s)}</p>`;
  const quote = content.quote
    ? `<blockquote style="margin:0 0 16px;padding:12px 16px;border-${dir === "rtl" ? "right" : "left"}:4px solid ${GOLD};background:#f8fafc;color:${INK};white-space:pre-wrap;line-height:1.6" dir="auto">${escapeHtml(content.quote)}</blockquote>`
    : "";
  const action = content.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${NAVY}">` +
      `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a>` +
      `</td></tr></table>` +
      p(content.action.fallback, `font-size:13px;color:${MUTED}`) +
      // The address reads left to right in every language: a block of its own, isolated from the text around it and
      // aligned to its own start, so an Arabic e-mail does not push it to the right or reorder its punctuation.
      `<p dir="ltr" style="margin:0 0 24px;padding:10px 12px;background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px;font-size:13px;line-height:1.5;direction:ltr;unicode-bidi:isolate;text-align:left;word-break:break-all"><a href="${escapeHtml(content.action.url)}" style="color:${NAVY}">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" dir="${dir}" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden;font-family:${font};text-align:${align}">
<tr><td style="background:${NAVY};padding:20px 32px;border-bottom:3px solid ${GOLD}"><span style="color:#ffffff;font-family:Georgia,'Times New Roman',serif;font-size:20px;letter-spacing:0.5px">${escapeHtml(brand.name)}</span></td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${NAVY}">${escapeHtml(content.heading)}</h1>
${p(content.greeting)}${content.paragraphs.map((s) => p(s)).join("")}${quote}${action}${(content.after ?? []).map((s) => p(s)).join("")}
</td></tr>
<tr><td style="padding:20px 32px;background:#f8fafc;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:${MUTED}">
${content.footer.map((s) => `<p style="margin:0 0 6px">${escapeHtml(s)}</p>`).join("")}${
    content.footerLinks?.length
      ? `<p style="margin:0 0 6px">${content.footerLinks.map((l) => `<a href="${escapeHtml(l.url)}" style="color:${NAVY}">${escapeHtml(l.label)}</a>`).join(" · ")}</p>`
      : ""
  }<p style="margin:0"><bdi>${escapeHtml(brand.name)}</bdi> · <bdi>${escapeHtml(brand.address)}</bdi></p>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  const text = [
    brand.name,
    "",
    content.heading,
    "",
    content.greeting,
    "",
    ...content.paragraphs.flatMap((s) => [s, ""]),
    ...(content.quote ? [content.quote.replace(/^/gm, "> "), ""] : []),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ""] : []),
    ...(content.after ?? []).flatMap((s) => [s, ""]),
    "--",
    ...content.footer,
    ...(content.footerLinks ?? []).map((l) => `${l.label}: ${l.url}`),
    `${brand.name} · ${brand.address}`,
    "",
  ].join("\n");
  return { subject: oneLine(content.subject), html, text };
}
