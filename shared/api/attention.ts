import { z } from "zod";
import { endpoint } from "./contract";

const waiting = (description: string) => z.number().int().nonnegative().meta({ description });

/** What is waiting for an admin, counted once for the dashboard's tabs and its 'needs attention' strip. */
export const attentionSchema = z
  .strictObject({
    pendingApplications: waiting("Investor applications not yet approved or rejected."),
    unreadMessages: waiting("Contact messages no admin has opened."),
    failedEmails: waiting("E-mails the outbox gave up sending (status 'failed')."),
  })
  .meta({ id: "Attention" });

export const attentionEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/admin/attention",
    tag: "Dashboard (admin)",
    summary: "What needs an admin's attention: pending applications, unread messages, failed e-mails",
    access: "admin",
    response: attentionSchema,
  }),
} as const;
