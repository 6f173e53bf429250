import { Badge } from "~/components/ui/badge";
import { useT } from "~/i18n/provider";
import type { Status } from "./types";

export function StatusBadge({ status }: { status: Status }) {
  const t = useT();
  if (status === "approved") return <Badge variant="green">{t("admin.applications.approved")}</Badge>;
  if (status === "rejected") return <Badge variant="red">{t("admin.applications.rejected")}</Badge>;
  return <Badge variant="amber">{t("admin.applications.pending")}</Badge>;
}
