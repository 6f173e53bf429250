import * as React from "react";
import { useAdminData } from "~/hooks/use-admin-data";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { applicationsApi } from "~/lib/api/applications";
import { toast } from "~/lib/toast";
import { useAttentionRefresh } from "../attention";
import { failureText } from "../../manage/form-errors";
import { nameOf, type ApplicationRow, type ReviewAction } from "./types";

const fetchApplications = () => applicationsApi.list();

/**
 * The applications list and its decisions. Approving makes the applicant an investor at once (on the server, in one
 * transaction); the row then shows the admin as its reviewer, and a dialog showing it closes.
 */
export function useApplications(loaded?: ApplicationRow[] | null) {
  const t = useT();
  const { data: apps, setData: setApps, status, refreshing, load } = useAdminData(fetchApplications, [] as ApplicationRow[], loaded);
  const [busy, setBusy] = React.useState<number | null>(null);
  const [viewing, setViewing] = React.useState<ApplicationRow | null>(null);
  // The dashboard's count of applications waiting follows the list (loaded, refreshed, decided).
  const refreshAttention = useAttentionRefresh();
  React.useEffect(() => {
    if (status === "ready") refreshAttention();
  }, [apps, status, refreshAttention]);

  const review = React.useCallback(
    async (app: ApplicationRow, action: ReviewAction) => {
      setBusy(app.id);
      try {
        const updated = await applicationsApi[action]({ params: { id: app.id } });
        setApps((list) =>
          list.map((a) =>
            a.id === app.id
              ? { ...a, ...updated, reviewedByName: t("admin.applications.you"), role: action === "approve" && a.role === "regular" ? "investor" : a.role }
              : a,
          ),
        );
        setViewing((v) => (v?.id === app.id ? null : v));
        if (action === "approve")
          toast.success(t("admin.applications.approvedToast"), { description: t("admin.applications.approvedText", { name: nameOf(app) }) });
        else toast.success(t("admin.applications.rejectedToast"), { description: t("admin.applications.rejectedText", { name: nameOf(app) }) });
      } catch (err) {
        toast.error(t(action === "approve" ? "admin.applications.approveFailed" : "admin.applications.rejectFailed"), { description: failureText(err, t) });
        // Another admin may have decided first: show the current state.
        if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void load();
      } finally {
        setBusy(null);
      }
    },
    [load, setApps, t],
  );

  return { apps, status, refreshing, load, busy, viewing, setViewing, review };
}
