import { ConfirmDialog } from "~/components/manage/confirm-dialog";
import { useIsolate } from "~/components/site/labels";
import { useT } from "~/i18n/provider";
import type { UserRow } from "./types";

/** The confirmations before an account is disabled (its sessions end at once) or loses its second factors. */
export function UserConfirmDialogs({
  toDisable,
  setToDisable,
  disable,
  toClear,
  setToClear,
  clearFactors,
}: {
  toDisable: UserRow | null;
  setToDisable: (u: UserRow | null) => void;
  disable: (u: UserRow) => Promise<void>;
  toClear: UserRow | null;
  setToClear: (u: UserRow | null) => void;
  clearFactors: (u: UserRow) => Promise<void>;
}) {
  const t = useT();
  const isolate = useIsolate();
  return (
    <>
      <ConfirmDialog
        open={toDisable !== null}
        onOpenChange={(next) => !next && setToDisable(null)}
        title={t("admin.users.disableTitle")}
        description={toDisable ? t("admin.users.disableText", { name: isolate(toDisable.fullName || toDisable.email), email: isolate(toDisable.email) }) : ""}
        confirmLabel={t("admin.users.disableConfirm")}
        cancelLabel={t("admin.users.cancel")}
        onConfirm={async () => {
          if (toDisable) await disable(toDisable);
          setToDisable(null);
        }}
      />
      <ConfirmDialog
        open={toClear !== null}
        onOpenChange={(next) => !next && setToClear(null)}
        title={t("admin.users.clearFactorsTitle")}
        description={toClear ? t("admin.users.clearFactorsText", { name: isolate(toClear.fullName || toClear.email), email: isolate(toClear.email) }) : ""}
        confirmLabel={t("admin.users.clearFactorsConfirm")}
        cancelLabel={t("admin.users.cancel")}
        onConfirm={async () => {
          const target = toClear;
          setToClear(null);
          if (target) await clearFactors(target);
        }}
      />
    </>
  );
}
