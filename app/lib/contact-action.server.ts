import { contactSchema, type ContactInput } from "../../shared/schemas";
import { CONTACT_HONEYPOT_FIELD } from "../../shared/api/contact";
import { RateLimitedError } from "../../server/lib/rate-limited-error";
import { localize, message } from "../../server/lib/messages";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";

export const CONTACT_FIELDS = ["fullName", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
/** The refusal of a message the route could not read (a body too large or not a form), in `locale`. */
export const contactFailed = (locale: Locale) => message(locale, "errors.contact.failed");

export type ContactFormResult =
  | { ok: true; message: string }
  | {
      ok: false;
      status: 400 | 429 | 500;
      message: string;
      errors: Partial<Record<ContactField, string>>;
      values: Record<ContactField, string>;
      /** Seconds until the visitor may send again (429 only). */
      retryAfter?: number;
    };

const text = (form: FormData, name: string, max: number) => {
  const v = form.get(name);
  return typeof v === "string" ? v.slice(0, max) : "";
};

/**
 * The contact form posted without JavaScript (the home route's action). Same rules as POST /api/contact:
 * the shared schema, then the contact service, which counts the visitor's one budget (shared with the
 * API) and answers a filled honeypot like a success without storing it. Every text of the result (the message,
 * the field messages, the thanks) is in `locale`, the page's language (English when not given).
 */
export async function handleContactForm(
  form: FormData,
  deps: {
    ip: string | undefined;
    submit: (input: ContactInput, meta: { ip?: string; honeypot?: string }) => Promise<unknown>;
    thanks: string;
    log?: (err: unknown) => void;
    locale?: Locale;
  },
): Promise<ContactFormResult> {
  const locale = deps.locale ?? DEFAULT_LOCALE;
  // Echoed back into the form on an error; capped so a huge post is not rendered back.
  const values = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, text(form, f, 5000)])) as Record<ContactField, string>;
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && (CONTACT_FIELDS as readonly string[]).includes(field) && !errors[field as ContactField]) {
        errors[field as ContactField] = localize(locale, issue.message, { fallback: "validation.invalid" });
      }
    }
    return { ok: false, status: 400, message: message(locale, "errors.contact.fix"), errors, values };
  }
  try {
    await deps.submit(parsed.data, { ip: deps.ip, honeypot: text(form, CONTACT_HONEYPOT_FIELD, 500) });
  } catch (err) {
    if (err instanceof RateLimitedError) {
      return { ok: false, status: 429, message: err.localized(locale).message, errors: {}, values, retryAfter: err.retryAfterSeconds };
    }
    deps.log?.(err);
    return { ok: false, status: 500, message: contactFailed(locale), errors: {}, values };
  }
  return { ok: true, message: localize(locale, deps.thanks) };
}

/** Form posts are small; anything larger than this is refused before it is parsed. */
export const MAX_CONTACT_BODY_BYTES = 64 * 1024;

/** Reads an urlencoded form body with a size cap (a page route has no body-size limit of its own). */
export async function readSmallForm(request: Request, maxBytes = MAX_CONTACT_BODY_BYTES): Promise<FormData | "too-large" | "unsupported"> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return "unsupported";
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return "too-large";
  if (!request.body) return new FormData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return "too-large";
    }
    chunks.push(value);
  }
  const body = new TextDecoder().decode(Buffer.concat(chunks));
  const form = new FormData();
  for (const [k, v] of new URLSearchParams(body)) form.append(k, v);
  return form;
}
