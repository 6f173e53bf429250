import { z } from "zod";
import { ROLES } from "../roles";
import { investorApplicationSchema } from "../schemas";
import { endpoint, idParams } from "./contract";

const tag = "Investor applications";

/** An application for investor access as the API answers it. */
export const investorApplicationDtoSchema = z
  .strictObject({
    id: z.number().int(),
    userId: z.number().int(),
    company: z.string().nullable(),
    position: z.string().nullable(),
    motivation: z.string().nullable(),
    investmentInterests: z.string().nullable(),
    status: z.enum(["pending", "approved", "rejected"]),
    submittedAt: z.iso.datetime(),
    reviewedAt: z.iso.datetime().nullable(),
    reviewedById: z.number().int().nullable().meta({ description: "The admin who decided; null while pending or when that account is gone." }),
  })
  .meta({ id: "InvestorApplication" });

/** An application in the admin's list: with the applicant and the reviewer. */
export const investorApplicationRowSchema = investorApplicationDtoSchema
  .extend({
    email: z.string().meta({ description: "The applicant's e-mail address." }),
    fullName: z.string().nullable(),
    role: z.enum(ROLES).meta({ description: "The applicant's current role, so the admin sees who already has access." }),
    reviewedByName: z.string().nullable().meta({ description: "The reviewer's name (or e-mail address); null while pending." }),
  })
  .meta({ id: "InvestorApplicationRow" });

/** Applications for investor access: the member's own, and the admin's review (under /api/admin). */
export const applicationEndpoints = {
  mine: endpoint({
    method: "GET",
    path: "/api/investor-applications/mine",
    tag,
    summary: "The caller's latest application, or null",
    access: "signed-in",
    response: investorApplicationDtoSchema.nullable(),
  }),
  submit: endpoint({
    method: "POST",
    path: "/api/investor-applications",
    tag,
    summary: "Applies for investor access",
    description:
      "The account's e-mail address must be confirmed (403 EMAIL_NOT_VERIFIED). One application may be under review at a time, and an account with investor access cannot apply (409 CONFLICT). Every admin is told by e-mail.",
    access: "signed-in",
    body: investorApplicationSchema,
    status: 201,
    response: investorApplicationDtoSchema,
    errors: ["CONFLICT", "EMAIL_NOT_VERIFIED"],
  }),
  list: endpoint({
    method: "GET",
    path: "/api/admin/investor-applications",
    tag,
    summary: "Every application, newest first",
    access: "admin",
    response: z.array(investorApplicationRowSchema),
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/admin/investor-applications/:id/approve",
    tag,
    summary: "Approves an application: the applicant becomes an investor",
    description: "The applicant is told by e-mail. An application already decided answers 409 CONFLICT.",
    access: "admin",
    params: idParams,
    response: investorApplicationDtoSchema,
    errors: ["CONFLICT"],
  }),
  reject: endpoint({
    method: "POST",
    path: "/api/admin/investor-applications/:id/reject",
    tag,
    summary: "Rejects an application",
    description: "The applicant is told by e-mail. An application already decided answers 409 CONFLICT.",
    access: "admin",
    params: idParams,
    response: investorApplicationDtoSchema,
    errors: ["CONFLICT"],
  }),
};

/** An application as the API answers it (the member's own, or one just reviewed). */
export type InvestorApplicationDto = z.output<typeof investorApplicationDtoSchema>;
