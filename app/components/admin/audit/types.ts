import type { Translate } from "~/i18n/provider";
import type { CallOutput } from "~/lib/api/client";
import type { API } from "../../../../shared/api";
import type { AuditTranslate } from "../../../../shared/audit-text";

export type AuditPage = CallOutput<typeof API.audit.list>;
export type AuditRow = AuditPage["events"][number];
export type AuditVerification = CallOutput<typeof API.audit.verify>;

/** The filters as the form holds them: empty strings for 'any'. */
export type AuditFilterValues = { actor: string; entityType: string; entityId: string; from: string; to: string };
export const NO_FILTERS: AuditFilterValues = { actor: "", entityType: "", entityId: "", from: "", to: "" };

/** The page's translate function as the shared audit wording takes it. */
export const auditT =
  (t: Translate): AuditTranslate =>
  (id, values) =>
    t(id, values);
