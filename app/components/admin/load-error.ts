import { toast } from "~/lib/toast";

/** The spec's admin load failure toast; one id so several failing lists show it once. */
export function showDataLoadingError() {
  toast.error("Data loading error", {
    id: "admin-data-loading-error",
    description: "There was an error loading your data. Some content may not be up to date.",
  });
}
