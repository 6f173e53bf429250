import { z } from "zod";
import { ROLES } from "../roles";
import { passwordAgainSchema, userListQuerySchema, userRoleSchema } from "../schemas";
import { endpoint, idParams, messageSchema } from "./contract";
import { beforeCursor, nextBefore } from "./paging";

const tag = "Users (admin)";

/** An account as the Users tab lists it. */
export const adminUserSchema = z
  .strictObject({
    id: z.number().int(),
    email: z.string(),
    fullName: z.string().nullable(),
    role: z.enum(ROLES),
    isVerified: z.boolean(),
    locale: z.string(),
    twoFactor: z.boolean().meta({ description: "Signs in with an authenticator app or a passkey." }),
    lastSignInAt: z.iso.datetime().nullable(),
    disabledAt: z.iso.datetime().nullable().meta({ description: "Set while the account is disabled." }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.output<typeof adminUserSchema>;

/** `q` (a part of the name or address, any case), `role`, and the page cursor. */
export const userListQuery = userListQuerySchema.extend({ before: beforeCursor });

const notYourself = "Not for one's own account, nor for the last active admin (409).";

/** User administration: every account, its role, and whether it may sign in. */
export const userEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/users",
    tag,
    summary: "Accounts, newest first, 50 at a time",
    access: "admin",
    query: userListQuery,
    response: z.strictObject({ users: z.array(adminUserSchema), nextBefore }),
  }),
  get: endpoint({
    method: "GET",
    path: "/api/admin/users/:id",
    tag,
    summary: "One account",
    access: "admin",
    params: idParams,
    response: adminUserSchema,
  }),
  setRole: endpoint({
    method: "PATCH",
    path: "/api/admin/users/:id",
    tag,
    summary: "Gives the account another role",
    description: "The last active admin keeps theirs (409).",
    access: "admin",
    params: idParams,
    body: userRoleSchema,
    response: adminUserSchema,
    errors: ["CONFLICT"],
  }),
  disable: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/disable",
    tag,
    summary: "Disables the account: signed out everywhere, cannot sign in",
    description: notYourself,
    access: "admin",
    params: idParams,
    response: adminUserSchema,
    errors: ["CONFLICT"],
  }),
  enable: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/enable",
    tag,
    summary: "Lets a disabled account sign in again",
    access: "admin",
    params: idParams,
    response: adminUserSchema,
  }),
  resendVerification: endpoint({
    method: "POST",
    path: "/api/admin/users/:id/resend-verification",
    tag,
    summary: "E-mails a new confirmation link, in the user's language",
    description: "409 when the address is already confirmed.",
    access: "admin",
    params: idParams,
    status: 202,
    response: messageSchema,
    errors: ["CONFLICT"],
  }),
  clearSecondFactors: endpoint({
    method: "DELETE",
    path: "/api/admin/users/:id/second-factors",
    tag,
    summary: "Removes the account's authenticator app, passkeys and recovery codes",
    description:
      "Its sessions end and its owner is e-mailed. Not one's own account (409). Needs the admin's password (or app code) proved in this session within the last few minutes, or sent along: 403 REAUTH_REQUIRED otherwise.",
    access: "admin",
    rateLimits: ["currentPassword"],
    params: idParams,
    body: passwordAgainSchema,
    response: z.strictObject({ user: adminUserSchema, message: z.string() }),
    errors: ["CONFLICT", "REAUTH_REQUIRED", "INVALID_CODE"],
  }),
};
