import type { CallOutput } from "~/lib/api/client";
import type { applicationEndpoints } from "../../../../shared/api/applications";

/** An application in the admin's list, with its applicant and reviewer. */
export type ApplicationRow = CallOutput<typeof applicationEndpoints.list>[number];
export type Status = ApplicationRow["status"];
export type ReviewAction = "approve" | "reject";

export const nameOf = (a: ApplicationRow) => a.fullName || a.email;
