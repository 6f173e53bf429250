import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarPlus, Save } from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useT } from "~/i18n/provider";
import { calendarAdminApi } from "~/lib/api/alerts-admin";
import { ApiError, hasErrorCode } from "~/lib/api/client";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import { toast } from "~/lib/toast";
import { CALENDAR_EVENT_KINDS } from "../../../../shared/alerts";
import { calendarEventSchema } from "../../../../shared/alerts-schemas";
import type { DocumentDto } from "../../../../shared/api/documents";
import { STICKY_FOOTER } from "../../manage/form-layout";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { DialogFormActions, SelectField, TextAreaField, TextField, TwinFields, URL_PLACEHOLDER, useArabicLabel } from "../../manage/form-fields";
import type { PressRow } from "../press-columns";
import { DocumentPicker } from "./document-picker";
import { EVENT_KIND } from "./labels";
import type { CalendarEventRow } from "./types";

type EventInput = z.input<typeof calendarEventSchema>;
type EventOutput = z.output<typeof calendarEventSchema>;
/** What the dialog edits: a new event, or one of the list. */
export type EventEditing = { mode: "create" } | { mode: "edit"; event: CalendarEventRow };

const EMPTY: EventInput = {
  kind: "results",
  date: "",
  time: "",
  endTime: "",
  title: "",
  titleAr: "",
  description: "",
  descriptionAr: "",
  linkUrl: "",
  pressReleaseId: null,
  documentIds: [],
};

const valuesOf = (e: CalendarEventRow): EventInput => ({
  kind: e.kind,
  date: e.date,
  time: e.time ?? "",
  endTime: e.endTime ?? "",
  title: e.title,
  titleAr: e.titleAr ?? "",
  description: e.description ?? "",
  descriptionAr: e.descriptionAr ?? "",
  linkUrl: e.linkUrl ?? "",
  pressReleaseId: e.pressReleaseId,
  documentIds: e.documentIds,
});

/** The public documents an event may link to (and any it links to already, whatever they became). */
function usePublicDocuments(open: boolean) {
  const [state, setState] = React.useState<{ status: "loading" | "ready" | "failed"; docs: DocumentDto[] }>({ status: "loading", docs: [] });
  React.useEffect(() => {
    if (!open) return;
    let live = true;
    setState((s) => ({ ...s, status: s.docs.length ? "ready" : "loading" }));
    dataRoomAdminApi
      .adminList()
      .then((docs) => live && setState({ status: "ready", docs }))
      .catch(() => live && setState((s) => ({ ...s, status: s.docs.length ? "ready" : "failed" })));
    return () => {
      live = false;
    };
  }, [open]);
  return state;
}

/**
 * Add or change an event of the financial calendar: its kind, day and times in Cairo (none for an all-day event),
 * title and description in both languages, a webcast or other https link, a published release and up to ten
 * public documents. The server's field messages show beside the fields.
 */
export function EventDialog({
  editing,
  onOpenChange,
  releases,
  onSaved,
  onGone,
}: {
  editing: EventEditing | null;
  onOpenChange: (open: boolean) => void;
  releases: PressRow[];
  onSaved: (event: CalendarEventRow) => void;
  /** The event no longer exists (404 on a change): the list reloads. */
  onGone: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const arabic = useArabicLabel();
  const form = useForm<EventInput, unknown, EventOutput>({ resolver: zodResolver(calendarEventSchema), defaultValues: EMPTY });
  const open = editing !== null;
  const current = editing?.mode === "edit" ? editing.event : null;
  const documents = usePublicDocuments(open);

  React.useEffect(() => {
    if (editing) form.reset(editing.mode === "edit" ? valuesOf(editing.event) : EMPTY);
  }, [editing, form]);

  const chosenRelease = form.watch("pressReleaseId");
  const releaseOptions = React.useMemo(
    () => releases.filter((r) => r.publication === "published" || r.id === chosenRelease).sort((a, b) => b.date.localeCompare(a.date)),
    [releases, chosenRelease],
  );
  const chosenDocs = form.watch("documentIds") ?? [];
  const docOptions = documents.docs.filter((d) => (d.isPublic && !d.archivedAt && !d.revokedAt) || chosenDocs.includes(d.id));

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = current ? await calendarAdminApi.update({ params: { id: current.id }, body: values }) : await calendarAdminApi.create({ body: values });
      toast.success(t(current ? "admin.alerts.calendar.saved" : "admin.alerts.calendar.created"), { description: saved.title });
      onSaved(saved);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, form.setError, t)) return;
      toast.error(t("admin.alerts.calendar.saveFailed"), { description: failureText(err, t) });
      if (current && hasErrorCode(err, "NOT_FOUND") && !err.errors) {
        onGone();
        onOpenChange(false);
      }
    }
  });

  const fieldError = (name: "documentIds" | "pressReleaseId") => t.maybe(form.formState.errors[name]?.message);
  const id = (name: string) => `event-${name}`;

  return (
    <Dialog open={open} onOpenChange={(next) => !form.formState.isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t(current ? "admin.alerts.calendar.form.editTitle" : "admin.alerts.calendar.form.addTitle")}</DialogTitle>
          <DialogDescription>{t(current ? "admin.alerts.calendar.form.editText" : "admin.alerts.calendar.form.addText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField form={form} name="kind" id={id("kind")} label={t("admin.alerts.calendar.form.kind")}>
              {CALENDAR_EVENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(EVENT_KIND[k])}
                </option>
              ))}
            </SelectField>
            <TextField form={form} name="date" id={id("date")} type="date" label={t("admin.alerts.calendar.form.date")} />
            <TextField
              form={form}
              name="time"
              id={id("time")}
              type="time"
              label={t("admin.alerts.calendar.form.time")}
              hint={t("admin.alerts.calendar.form.timeHint")}
            />
            <TextField
              form={form}
              name="endTime"
              id={id("endTime")}
              type="time"
              label={t("admin.alerts.calendar.form.endTime")}
              hint={t("admin.alerts.calendar.form.endTimeHint")}
            />
          </div>
          <TwinFields>
            <TextField form={form} name="title" id={id("title")} contentLang="en" maxLength={200} label={t("admin.alerts.calendar.form.title")} />
            <TextField
              form={form}
              name="titleAr"
              id={id("titleAr")}
              contentLang="ar"
              maxLength={200}
              label={arabic(t("admin.alerts.calendar.form.title"))}
              hint={t("admin.alerts.calendar.form.arabicHint")}
            />
          </TwinFields>
          <TwinFields>
            <TextAreaField
              form={form}
              name="description"
              id={id("description")}
              contentLang="en"
              rows={3}
              maxLength={4000}
              label={t("admin.alerts.calendar.form.description")}
            />
            <TextAreaField
              form={form}
              name="descriptionAr"
              id={id("descriptionAr")}
              contentLang="ar"
              rows={3}
              maxLength={4000}
              label={arabic(t("admin.alerts.calendar.form.description"))}
            />
          </TwinFields>
          <TextField
            form={form}
            name="linkUrl"
            id={id("linkUrl")}
            type="url"
            placeholder={URL_PLACEHOLDER}
            label={t("admin.alerts.calendar.form.link")}
            hint={t("admin.alerts.calendar.form.linkHint")}
          />
          <SelectField
            form={form}
            name="pressReleaseId"
            id={id("pressReleaseId")}
            label={t("admin.alerts.calendar.form.release")}
            hint={t("admin.alerts.calendar.form.releaseHint")}
            registerOptions={{ setValueAs: (v: unknown) => (v === "" || v == null ? null : Number(v)) }}
          >
            <option value="">{t("admin.alerts.calendar.form.noRelease")}</option>
            {releaseOptions.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {t("admin.alerts.calendar.form.releaseOption", { title: r.title, date: f.date(r.date, { short: true }) })}
              </option>
            ))}
          </SelectField>
          <Controller
            control={form.control}
            name="documentIds"
            render={({ field }) => (
              <DocumentPicker
                id={id("documentIds")}
                label={t("admin.alerts.calendar.form.documents")}
                docs={docOptions}
                status={documents.status}
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldError("documentIds")}
              />
            )}
          />
          <DialogFormActions
            className={STICKY_FOOTER}
            onCancel={() => onOpenChange(false)}
            busy={form.formState.isSubmitting}
            cancelDisabled={form.formState.isSubmitting}
            submitIcon={current ? Save : CalendarPlus}
            submitLabel={t(current ? "admin.alerts.calendar.form.save" : "admin.alerts.calendar.form.create")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
