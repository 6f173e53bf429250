import { z } from "zod";
import { CONTACT_LIMITS } from "../limits";
import { boundedText, email } from "./fields";

// ---------------------------------------------------------------- contact

export const contactSchema = z.object({
  fullName: boundedText(CONTACT_LIMITS.fullName, { min: "validation.name.min", max: "validation.name.max" }),
  email,
  subject: boundedText(CONTACT_LIMITS.subject, { min: "validation.subject.required", max: "validation.subject.max" }),
  message: boundedText(CONTACT_LIMITS.message, { min: "validation.message.min", max: "validation.message.max" }),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The admin inbox's views: messages in the inbox, or those archived. */
export const CONTACT_VIEWS = ["inbox", "archived"] as const;
export type ContactView = (typeof CONTACT_VIEWS)[number];
export const contactViewQuerySchema = z.object({
  view: z.enum(CONTACT_VIEWS, { error: "validation.contact.view" }).default("inbox"),
});

/** What an admin may change on a received message: read or unread, archived or back in the inbox. */
export const contactUpdateSchema = z
  .object({
    read: z.boolean({ error: "validation.contact.read" }).optional(),
    archived: z.boolean({ error: "validation.contact.archived" }).optional(),
  })
  .strict()
  .refine((v) => v.read !== undefined || v.archived !== undefined, { message: "validation.contact.nothingToChange" });
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;
