import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";

/** What a data-room panel shows when its data could not be loaded: why, and a button to ask again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("admin.action.tryAgain")}
      </Button>
    </div>
  );
}
