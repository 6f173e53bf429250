/**
 * The account roles, in the order the admin dashboard lists them. The one list: the database column's enum
 * (server/db/schema.ts), the role an admin may give (shared/schemas.ts) and every `Role` type read from it.
 */
export const ROLES = ["regular", "investor", "admin"] as const;
export type Role = (typeof ROLES)[number];
