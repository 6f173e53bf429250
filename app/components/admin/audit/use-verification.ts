import * as React from "react";
import { auditApi } from "~/lib/api/audit";
import type { AuditVerification } from "./types";

export type VerificationState = { status: "checking" } | { status: "done"; result: AuditVerification } | { status: "failed" };

/** The chain's verification, run when the tab opens and again on `check()`. */
export function useVerification() {
  const [state, setState] = React.useState<VerificationState>({ status: "checking" });
  const [run, setRun] = React.useState(0);
  const check = React.useCallback(() => setRun((n) => n + 1), []);

  React.useEffect(() => {
    const controller = new AbortController();
    setState({ status: "checking" });
    auditApi
      .verify({ init: { signal: controller.signal } })
      .then((result) => setState({ status: "done", result }))
      .catch((err: Error) => {
        if (!controller.signal.aborted && err.name !== "AbortError") setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [run]);

  return { state, check };
}
