import type { useConfirmIdentity } from "~/hooks/use-confirm-identity";
import type { CallOutput } from "~/lib/api/client";
import type { API } from "../../../shared/api";

/** The account's second factors as the API answers them. */
export type FactorStatus = CallOutput<typeof API.account.twoFactorStatus>;
export type Passkey = FactorStatus["passkeys"][number];

/** Runs a change that may first ask for the password again ('confirm it's you'). */
export type WithConfirmation = ReturnType<typeof useConfirmIdentity>["withConfirmation"];

/** What each factor card gets: how to report a change (with new recovery codes), whether factors may be added. */
export type FactorCardProps = { onChanged: (codes?: string[]) => Promise<void>; canAdd: boolean; withConfirmation: WithConfirmation };

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
