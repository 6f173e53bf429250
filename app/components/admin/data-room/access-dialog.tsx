import { ShieldCheck } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { ApiError, hasErrorCode } from "~/lib/api/client";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import type { DocumentDto } from "../../../../shared/api/documents";
import { DOWNLOAD_MODES, type DownloadMode } from "../../../../shared/data-room";
import { SCHEDULE_ZONE } from "../../../../shared/publication";
import { failureText } from "../../manage/form-errors";
import { DialogFormActions } from "../../manage/form-fields";
import { IconDialog } from "../icon-dialog";
import { STICKY_FOOTER } from "../documents/meta-fields";
import { useZonedTime } from "../publication";
import { accessRequest, draftOf, expiryInstant, type AccessDraft, type AccessErrors } from "./access-form";
import { ChoiceGroup, RadioChoice } from "./choice";
import { adminScreenPath } from "../../../../shared/admin-screens";
import { NOTICE_CARD_ID } from "./anchors";
import { InvestorPicker, type PickedInvestor } from "./investor-picker";
import { LoadingBars } from "./load-failed";

type Loaded = { status: "loading" } | { status: "failed" } | { status: "ready"; draft: AccessDraft; granted: number[]; noticeExists: boolean };

/**
 * A document's access rules: every investor or only named ones, an expiry in Cairo time (or none), how the file
 * may leave the server (as uploaded, stamped with the reader's name, or read in the viewer only: the last two for
 * PDFs), and whether readers must accept the confidentiality notice first. Saved with the `updatedAt` read, so
 * a change made meanwhile is refused (409) and the list reloads.
 */
export function AccessDialog({
  doc,
  onOpenChange,
  onSaved,
  onStale,
}: {
  doc: DocumentDto | null;
  onOpenChange: (open: boolean) => void;
  /** The document as saved, and how many investors it is shared with when that changed (the list then reloads). */
  onSaved: (doc: DocumentDto, grantCount?: number) => void;
  onStale: () => void;
}) {
  const t = useT();
  const [loaded, setLoaded] = React.useState<Loaded>({ status: "loading" });
  const [errors, setErrors] = React.useState<AccessErrors>({});
  const [saving, setSaving] = React.useState(false);
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    if (!doc) return;
    let live = true;
    setLoaded({ status: "loading" });
    setErrors({});
    Promise.all([dataRoomAdminApi.grants({ params: { id: doc.id } }), dataRoomAdminApi.notices()])
      .then(([grants, notices]) => {
        if (!live) return;
        const investors: PickedInvestor[] = grants.map((g) => ({ userId: g.userId, email: g.email, fullName: g.fullName, role: g.role }));
        setLoaded({ status: "ready", draft: draftOf(doc, investors), granted: grants.map((g) => g.userId), noticeExists: notices.length > 0 });
      })
      .catch(() => live && setLoaded({ status: "failed" }));
    return () => {
      live = false;
    };
  }, [doc, attempt]);

  const update = (patch: Partial<AccessDraft>) => setLoaded((l) => (l.status === "ready" ? { ...l, draft: { ...l.draft, ...patch } } : l));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!doc || loaded.status !== "ready") return;
    const request = accessRequest(loaded.draft, doc, loaded.noticeExists);
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await dataRoomAdminApi.setAccess({ params: { id: doc.id }, body: request.access });
      const ids = request.userIds;
      const same = ids !== null && ids.length === loaded.granted.length && ids.every((id) => loaded.granted.includes(id));
      if (ids !== null && !same) {
        // The investors are set after the rules (whose save checks nobody changed the document meanwhile).
        const grants = await dataRoomAdminApi.setGrants({ params: { id: doc.id }, body: { userIds: ids } });
        onSaved(saved, grants.length);
      } else onSaved(saved);
      toast.success(t("admin.dataRoom.access.saved"), { description: saved.title });
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.errors) {
        const e = err.errors;
        setErrors({
          audience: e.restricted ?? e.userIds,
          expiry: e.expiresAt,
          downloadMode: e.downloadMode,
          requiresConfidentiality: e.requiresConfidentiality,
        });
        toast.error(t("manage.form.checkForm"), { description: t.maybe(err.message) });
      } else if (hasErrorCode(err, "CONFLICT") || hasErrorCode(err, "NOT_FOUND")) {
        toast.error(t(hasErrorCode(err, "CONFLICT") ? "manage.form.staleEdit" : "admin.dataRoom.access.gone"), { description: t.maybe(err.message) });
        onStale();
        onOpenChange(false);
      } else toast.error(t("admin.dataRoom.access.failed"), { description: failureText(err, t, "manage.form.checkConnection") });
    } finally {
      setSaving(false);
    }
  }

  return (
    <IconDialog
      open={Boolean(doc)}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      icon={ShieldCheck}
      title={t("admin.dataRoom.access.title")}
      description={<bdi>{doc?.title}</bdi>}
      className="max-w-2xl"
    >
      {loaded.status === "loading" ? (
        <LoadingBars label={t("admin.dataRoom.access.loading")} bars={["h-16 w-full", "h-16 w-full", "h-16 w-full"]} className="space-y-3" />
      ) : loaded.status === "failed" || !doc ? (
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <p>{t("admin.dataRoom.access.loadFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t("admin.action.tryAgain")}
          </Button>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6">
          <AccessFields doc={doc} draft={loaded.draft} noticeExists={loaded.noticeExists} errors={errors} update={update} />
          <DialogFormActions
            // Flush with the dialog's lower edge while the fields scroll beneath (the dialog's padding would show them below it).
            className={cn(STICKY_FOOTER, "-bottom-6")}
            onCancel={() => onOpenChange(false)}
            cancelDisabled={saving}
            busy={saving}
            submitIcon={ShieldCheck}
            submitLabel={t("admin.dataRoom.access.save")}
          />
        </form>
      )}
    </IconDialog>
  );
}

/** The dialog's four groups of choices. */
export function AccessFields({
  doc,
  draft,
  noticeExists,
  errors,
  update,
}: {
  doc: DocumentDto;
  draft: AccessDraft;
  noticeExists: boolean;
  errors: AccessErrors;
  update: (patch: Partial<AccessDraft>) => void;
}) {
  const t = useT();
  const zoned = useZonedTime();
  const at = expiryInstant(draft);
  const offsets = draft.date && at && !at.ok && at.reason === "ambiguous" ? at.offsets : [];
  // The time the dialog opened: an expiry before it takes effect as soon as the rules are saved.
  const [openedAt] = React.useState(() => Date.now());
  const past = at?.ok && at.instant.getTime() <= openedAt;
  const err = (id: string | undefined) => t.maybe(id);
  const kind = (doc.fileName.split(".").pop() ?? "").toUpperCase();

  return (
    <>
      <ChoiceGroup
        id="access-audience"
        legend={t("admin.dataRoom.access.audience")}
        hint={doc.isPublic ? t("admin.dataRoom.access.publicHint") : undefined}
        error={err(errors.audience)}
      >
        <RadioChoice
          name="access-audience"
          value="investors"
          checked={doc.isPublic || draft.audience === "investors"}
          disabled={doc.isPublic}
          onChange={() => update({ audience: "investors" })}
          label={t(doc.isPublic ? "admin.dataRoom.access.everyMember" : "admin.dataRoom.access.everyInvestor")}
          hint={t(doc.isPublic ? "admin.dataRoom.access.everyMemberHint" : "admin.dataRoom.access.everyInvestorHint")}
        />
        <RadioChoice
          name="access-audience"
          value="named"
          checked={!doc.isPublic && draft.audience === "named"}
          disabled={doc.isPublic}
          onChange={() => update({ audience: "named" })}
          label={t("admin.dataRoom.access.named")}
          hint={t("admin.dataRoom.access.namedHint")}
        >
          <InvestorPicker id="access-investors" selected={draft.investors} onChange={(investors) => update({ investors })} />
        </RadioChoice>
      </ChoiceGroup>

      <ChoiceGroup id="access-expiry" legend={t("admin.dataRoom.access.expiry")} error={err(errors.expiry)}>
        <RadioChoice
          name="access-expiry"
          value="none"
          checked={draft.expiry === "none"}
          onChange={() => update({ expiry: "none" })}
          label={t("admin.dataRoom.access.noExpiry")}
        />
        <RadioChoice
          name="access-expiry"
          value="at"
          checked={draft.expiry === "at"}
          onChange={() => update({ expiry: "at" })}
          label={t("admin.dataRoom.access.expiresOn")}
          hint={t("admin.dataRoom.access.expiresHint")}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="access-expiry-date">{t("admin.dataRoom.access.date")}</Label>
              <Input
                id="access-expiry-date"
                type="date"
                dir="ltr"
                value={draft.date}
                onChange={(e) => update({ date: e.target.value, offset: undefined })}
                aria-invalid={errors.expiry ? true : undefined}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="access-expiry-time">{t("admin.dataRoom.access.time")}</Label>
              <Input
                id="access-expiry-time"
                type="time"
                dir="ltr"
                value={draft.time}
                onChange={(e) => update({ time: e.target.value, offset: undefined })}
                aria-invalid={errors.expiry ? true : undefined}
              />
            </div>
          </div>
          {offsets.length > 1 ? (
            <fieldset className="mt-3 space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <legend className="sr-only">{t("admin.publication.whichOne")}</legend>
              <p>{t("admin.publication.twice")}</p>
              {offsets.map((o) => (
                <label key={o} className="flex items-center gap-2">
                  <input type="radio" name="access-offset" value={o} checked={draft.offset === o} onChange={() => update({ offset: o })} />
                  <span dir="ltr">{t("admin.publication.offset", { offset: o })}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {at && !at.ok && at.reason === "gap" ? <p className="mt-2 text-sm text-red-700">{t("admin.publication.gap")}</p> : null}
          {at?.ok ? (
            <p className={past ? "mt-2 text-sm font-medium text-red-700" : "mt-2 text-sm text-slate-700"} aria-live="polite">
              {t.rich(past ? "admin.dataRoom.access.expiryPast" : "admin.dataRoom.access.expiryWhen", {
                when: zoned(at.instant.toISOString(), SCHEDULE_ZONE),
                w: (chunks) => <bdi>{chunks}</bdi>,
              })}
            </p>
          ) : null}
        </RadioChoice>
      </ChoiceGroup>

      <ChoiceGroup
        id="access-mode"
        legend={t("admin.dataRoom.access.downloads")}
        hint={doc.viewable ? undefined : t("admin.dataRoom.access.pdfOnly", { kind })}
        error={err(errors.downloadMode)}
      >
        {DOWNLOAD_MODES.map((mode: DownloadMode) => (
          <RadioChoice
            key={mode}
            name="access-mode"
            value={mode}
            checked={draft.downloadMode === mode}
            disabled={mode !== "original" && !doc.viewable}
            onChange={() => update({ downloadMode: mode })}
            label={t(`admin.dataRoom.mode.${mode}`)}
            hint={t(`admin.dataRoom.mode.${mode}Hint`)}
          />
        ))}
      </ChoiceGroup>

      <fieldset className="space-y-2" aria-describedby={errors.requiresConfidentiality ? "access-notice-error" : undefined}>
        <legend className="mb-1 text-sm font-semibold text-navy-950">{t("admin.dataRoom.access.confidentiality")}</legend>
        <div className={noticeExists ? "rounded-lg border border-slate-200 p-3" : "rounded-lg border border-slate-200 p-3 opacity-90"}>
          <div className="flex items-start gap-3">
            <input
              id="access-notice"
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 accent-navy-800"
              checked={draft.requiresConfidentiality}
              disabled={!noticeExists && !draft.requiresConfidentiality}
              onChange={(e) => update({ requiresConfidentiality: e.target.checked })}
              aria-describedby="access-notice-hint"
            />
            <div className="min-w-0">
              <label htmlFor="access-notice" className="text-sm font-medium text-navy-950">
                {t("admin.dataRoom.access.requireNotice")}
              </label>
              <p id="access-notice-hint" className="mt-0.5 text-xs text-slate-600">
                {noticeExists
                  ? t("admin.dataRoom.access.requireNoticeHint")
                  : t.rich("admin.dataRoom.access.noNotice", {
                      link: (chunks) => (
                        <Link
                          to={{ pathname: adminScreenPath("settings"), hash: NOTICE_CARD_ID }}
                          className="font-medium text-navy-800 underline underline-offset-2"
                        >
                          {chunks}
                        </Link>
                      ),
                    })}
              </p>
            </div>
          </div>
        </div>
        {errors.requiresConfidentiality ? (
          <p id="access-notice-error" role="alert" className="text-sm text-red-600">
            {err(errors.requiresConfidentiality)}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-semibold text-navy-950">{t("admin.dataRoom.access.pageTextLegend")}</legend>
        <div className="rounded-lg border border-slate-200 p-3">
          <div className="flex items-start gap-3">
            <input
              id="access-page-text"
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 accent-navy-800"
              checked={draft.pageText}
              onChange={(e) => update({ pageText: e.target.checked })}
              aria-describedby="access-page-text-hint"
            />
            <div className="min-w-0">
              <label htmlFor="access-page-text" className="text-sm font-medium text-navy-950">
                {t("admin.dataRoom.access.pageText")}
              </label>
              <p id="access-page-text-hint" className="mt-0.5 text-xs text-slate-600">
                {t("admin.dataRoom.access.pageTextHint")}
              </p>
            </div>
          </div>
        </div>
      </fieldset>
    </>
  );
}
