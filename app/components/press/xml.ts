/** Escapes text for XML element content and attribute values. */
export function escapeXml(s: string): string {
  return (
    s
      // Characters XML 1.0 does not allow at all.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!)
  );
}

/** RFC 822 date for RSS: 'Mon, 15 May 2023 00:00:00 GMT'. */
export function rfc822(dateOrIso: string): string {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(dateOrIso) ? `${dateOrIso}T00:00:00Z` : dateOrIso);
  return Number.isNaN(d.getTime()) ? new Date(0).toUTCString() : d.toUTCString();
}
