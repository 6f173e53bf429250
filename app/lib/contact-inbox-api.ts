import { contactRoutes } from "./api/routes/contact";
import type { ContactMessageDto } from "../../shared/api/contact";
import type { ContactView } from "../../shared/schemas";
import { href } from "./api/client";

export type ContactPage = { rows: ContactMessageDto[]; total: number; unread: number };

/**
 * One page of the contact inbox or archive, newest first. The totals come from the X-Total-Count and
 * X-Unread-Count headers (counted from the page itself when a proxy drops them). Rejects on any non-OK answer.
 */
export async function fetchContactPage(opts: { view: ContactView; limit: number; offset: number; signal?: AbortSignal }): Promise<ContactPage> {
  const url = href(contactRoutes.list, { query: { limit: opts.limit, offset: opts.offset, view: opts.view } });
  const res = await fetch(url, { credentials: "include", headers: { Accept: "application/json" }, signal: opts.signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const rows = (await res.json()) as ContactMessageDto[];
  const total = Number(res.headers.get("X-Total-Count") ?? rows.length);
  const unread = Number(res.headers.get("X-Unread-Count") ?? rows.filter((r) => !r.readAt).length);
  return { rows, total, unread };
}
