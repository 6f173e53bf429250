import type { Translate } from "~/i18n/provider";
import type { CallOutput } from "~/lib/api/client";
import type { API } from "../../../../shared/api";
import type { Role } from "../../../../shared/roles";

export type UserRow = CallOutput<typeof API.users.get>;

export const nameOf = (u: UserRow) => u.fullName || u.email;
export const roleName = (t: Translate, role: Role) => t("admin.security.role", { role });
