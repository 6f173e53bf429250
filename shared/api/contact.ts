import { z } from "zod";
import { contactSchema, contactUpdateSchema, contactViewQuerySchema } from "../schemas";
import { endpoint, fileAnswer, idParams, messageSchema } from "./contract";

const tag = "Contact";

import { CONTACT_HONEYPOT_FIELD } from "./paths";

export { CONTACT_HONEYPOT_FIELD };

/** A page of the inbox or the archive: the view, and `limit` messages from `offset`. */
export const contactPageQuerySchema = contactViewQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** The export's query: the view, and the language of its column names and yes/no values. */
const exportQuerySchema = contactViewQuerySchema.extend({ lang: z.enum(["en", "ar"]).optional() });

/** A message sent through the contact form, as an admin reads it (the sender's address is never answered). */
export const contactMessageDtoSchema = z
  .strictObject({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    submittedAt: z.iso.datetime(),
    createdAt: z.iso.datetime().meta({ description: "The same as submittedAt." }),
    readAt: z.iso.datetime().nullable().meta({ description: "When an admin first opened it; null while unread." }),
    archivedAt: z.iso.datetime().nullable().meta({ description: "When it was archived; null while in the inbox." }),
  })
  .meta({ id: "ContactMessage" });

/** The contact form's message, and the admin's inbox of received messages (one message under /api/admin). */
export const contactEndpoints = {
  send: endpoint({
    method: "POST",
    path: "/api/contact",
    tag,
    summary: "Sends a message to the company",
    description: `The answer's message thanks the sender, in the request's language. The field \`${CONTACT_HONEYPOT_FIELD}\` must stay empty: a message that fills it is answered alike and not kept.`,
    access: "public",
    rateLimits: ["contact"],
    // The honeypot is never a reason to refuse a message: a value that is not text reads as none.
    body: contactSchema.extend({
      [CONTACT_HONEYPOT_FIELD]: z.string().optional().catch(undefined).meta({ description: "Leave empty (a field only robots fill in)." }),
    }),
    status: 201,
    response: messageSchema,
  }),
  list: endpoint({
    method: "GET",
    path: "/api/contact",
    tag,
    summary: "One page of the inbox or the archive, newest first",
    description: "X-Total-Count is the view's number of messages; X-Unread-Count the unread messages in the inbox.",
    access: "admin",
    query: contactPageQuerySchema,
    response: z.array(contactMessageDtoSchema),
  }),
  exportCsv: endpoint({
    method: "GET",
    path: "/api/admin/contact-messages/export.csv",
    tag,
    summary: "Every message of a view as a CSV file",
    description: "UTF-8 with a byte-order mark; dates in ISO 8601; column names in `lang` (else the request's language).",
    access: "admin",
    query: exportQuerySchema,
    response: fileAnswer("text/csv; charset=utf-8", "The messages as CSV (Content-Disposition: attachment)."),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/admin/contact-messages/:id",
    tag,
    summary: "One message",
    access: "admin",
    params: idParams,
    response: contactMessageDtoSchema,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/admin/contact-messages/:id",
    tag,
    summary: "Marks a message read or unread, archives it or puts it back in the inbox",
    description: "Marking read again keeps the time it was first read; archiving again keeps the first archive time.",
    access: "admin",
    params: idParams,
    body: contactUpdateSchema,
    response: contactMessageDtoSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/contact-messages/:id",
    tag,
    summary: "Deletes a message",
    access: "admin",
    params: idParams,
    status: 204,
    response: z.undefined(),
  }),
};

/** A received message as the API answers it. */
export type ContactMessageDto = z.output<typeof contactMessageDtoSchema>;
