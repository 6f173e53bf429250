import { CalendarClock, ChevronDown, Eye, History, Loader2 } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Field, Input } from "~/components/ui/input";
import { useLocale, useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { portfolioApi } from "~/lib/api/portfolio";
import { pressApi } from "~/lib/api/press";
import { toast } from "~/lib/toast";
import { dateTimeFormat } from "../../../shared/i18n/format";
import { SCHEDULE_ZONE, type PublicationState } from "../../../shared/publication";
import { instantToWallTime, wallTimeToInstant } from "../../../shared/zoned-time";
import { failureText } from "../manage/form-errors";

/** The kinds of item with a publication state, and the API that moves each between states. */
export type PublicationKind = "press" | "portfolio";
const API_OF = { press: pressApi, portfolio: portfolioApi } as const;

/** What the state cell and the actions read of an item (a release's title, a company's name). */
export type PublicationRow = {
  id: number;
  title: string;
  publication: PublicationState;
  publishAt: string | null;
  scheduleZone: string | null;
};

const BADGE: Record<PublicationState, "slate" | "gold" | "green" | "red"> = { draft: "slate", scheduled: "gold", published: "green", withdrawn: "red" };

/** '1 Dec 2026, 09:00 (UTC+02:00)': an instant in the zone it was scheduled in, with that zone's offset then. */
export function useZonedTime() {
  const locale = useLocale();
  return React.useCallback(
    (iso: string, zone: string) => {
      const text = dateTimeFormat(locale, {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: zone,
      }).format(new Date(iso));
      return `${text} (UTC${instantToWallTime(iso, zone).offset})`;
    },
    [locale],
  );
}

/**
 * The release's state, for a scheduled one when it goes out (in Cairo time, with the UTC offset), and a menu of
 * what can be done from that state.
 */
export function PublicationCell({
  row,
  busy,
  onAct,
  onSchedule,
  children,
}: {
  row: PublicationRow;
  busy: boolean;
  onAct: (action: PublicationAction) => void;
  onSchedule: () => void;
  /** More items for the menu (revisions, preview). */
  children?: React.ReactNode;
}) {
  const t = useT();
  const zoned = useZonedTime();
  const zone = row.scheduleZone ?? SCHEDULE_ZONE;
  const actions: PublicationAction[] =
    row.publication === "published" ? ["unpublish", "withdraw"] : row.publication === "scheduled" ? ["publish", "unpublish"] : ["publish"];
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex items-center gap-1">
        <Badge variant={BADGE[row.publication]}>{t(`admin.publication.state.${row.publication}`)}</Badge>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <button
              type="button"
              disabled={busy}
              aria-label={t("admin.publication.menu", { title: row.title })}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 disabled:opacity-50 max-md:p-2.5"
            >
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ChevronDown className="h-4 w-4" aria-hidden="true" />}
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {actions.map((action) => (
              <DropdownMenuItem key={action} onSelect={() => onAct(action)} className={action === "withdraw" ? "text-red-700" : undefined}>
                {t(`admin.publication.${action}`)}
              </DropdownMenuItem>
            ))}
            {row.publication !== "published" ? (
              <DropdownMenuItem onSelect={onSchedule}>
                <CalendarClock className="h-4 w-4" aria-hidden="true" />
                {t(row.publication === "scheduled" ? "admin.publication.reschedule" : "admin.publication.schedule")}
              </DropdownMenuItem>
            ) : null}
            {children}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {row.publication === "scheduled" && row.publishAt ? (
        <span className="text-xs leading-snug text-slate-600">
          {t("admin.publication.goesOut", {
            when: zoned(row.publishAt, zone),
            zone: t(zone === SCHEDULE_ZONE ? "admin.publication.zone.cairo" : "admin.publication.zone.utc"),
          })}
        </span>
      ) : null}
    </div>
  );
}

export type PublicationAction = "publish" | "unpublish" | "withdraw";

/** The publication menu's other items: the item's preview (releases) and its revisions. */
export function HistoryMenuItems({ onPreview, onRevisions }: { onPreview?: () => void; onRevisions: () => void }) {
  const t = useT();
  return (
    <>
      <DropdownMenuSeparator />
      {onPreview ? (
        <DropdownMenuItem onSelect={onPreview}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          {t("admin.publication.preview")}
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuItem onSelect={onRevisions}>
        <History className="h-4 w-4" aria-hidden="true" />
        {t("admin.publication.revisions")}
      </DropdownMenuItem>
    </>
  );
}

/** Runs a publication action on an item of `kind` and says what happened; `onChanged` reloads the table. */
export function usePublicationActions(kind: PublicationKind, onChanged: () => unknown) {
  const t = useT();
  const [busyId, setBusyId] = React.useState<number | null>(null);
  const act = React.useCallback(
    async (row: PublicationRow, action: PublicationAction) => {
      if (action === "withdraw" && !window.confirm(t("admin.publication.withdrawConfirm", { title: row.title }))) return;
      setBusyId(row.id);
      try {
        await API_OF[kind][action]({ params: { id: row.id } });
        toast.success(t(`admin.publication.done.${action}`), { description: row.title });
        await onChanged();
      } catch (err) {
        toast.error(t("admin.publication.failed"), { description: failureText(err, t) });
      } finally {
        setBusyId(null);
      }
    },
    [kind, onChanged, t],
  );
  return { act, busyId };
}

/**
 * Schedules an item: a date and time in Cairo (optionally a take-down time). A time Egypt's clocks skip is said
 * at once; for a time they repeat the editor chooses which, by its UTC offset.
 */
export function ScheduleDialog({
  kind,
  row,
  onOpenChange,
  onScheduled,
}: {
  kind: PublicationKind;
  row: PublicationRow | null;
  onOpenChange: (open: boolean) => void;
  onScheduled: () => unknown;
}) {
  const t = useT();
  const zoned = useZonedTime();
  const [local, setLocal] = React.useState("");
  const [takedown, setTakedown] = React.useState("");
  const [offset, setOffset] = React.useState<string | undefined>(undefined);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [saving, setSaving] = React.useState(false);

  React.useEffect(() => {
    if (!row) return;
    setLocal(row.publishAt ? instantToWallTime(row.publishAt, SCHEDULE_ZONE).wall : "");
    setTakedown("");
    setOffset(undefined);
    setErrors({});
  }, [row]);

  // A time the clocks repeat has two offsets to choose from; any other time has at most one.
  const plain = local ? wallTimeToInstant(local, SCHEDULE_ZONE) : null;
  const offsets = plain && !plain.ok && plain.reason === "ambiguous" ? plain.offsets : [];
  const check = local ? wallTimeToInstant(local, SCHEDULE_ZONE, offsets.length ? offset : undefined) : null;
  const gap = Boolean(check && !check.ok && check.reason === "gap");

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!row) return;
    setSaving(true);
    setErrors({});
    try {
      await API_OF[kind].schedule({
        params: { id: row.id },
        body: { publishAt: { local, ...(offset ? { offset } : {}) }, ...(takedown ? { unpublishAt: { local: takedown } } : {}), zone: SCHEDULE_ZONE },
      });
      toast.success(t("admin.publication.done.schedule"), { description: row.title });
      onOpenChange(false);
      await onScheduled();
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      else setErrors({ form: failureText(err, t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={row !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogHeader>
            <DialogTitle>{t("admin.publication.scheduleTitle")}</DialogTitle>
            <DialogDescription>
              <bdi>{row?.title}</bdi>
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-4 py-4">
            <p className="text-sm text-slate-600">{t("admin.publication.scheduleHint")}</p>
            <Field id="publish-at" label={t("admin.publication.publishAt")} error={errors.publishAt ?? (gap ? t("admin.publication.gap") : undefined)}>
              <Input
                id="publish-at"
                type="datetime-local"
                required
                value={local}
                onChange={(e) => (setLocal(e.target.value), setOffset(undefined))}
                dir="ltr"
              />
            </Field>
            {offsets.length > 1 ? (
              <fieldset className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
                <legend className="sr-only">{t("admin.publication.whichOne")}</legend>
                <p>{t("admin.publication.twice")}</p>
                {offsets.map((o) => (
                  <label key={o} className="flex items-center gap-2">
                    <input type="radio" name="offset" value={o} checked={offset === o} onChange={() => setOffset(o)} />
                    <span dir="ltr">{t("admin.publication.offset", { offset: o })}</span>
                  </label>
                ))}
              </fieldset>
            ) : null}
            {check?.ok ? (
              <p className="text-sm text-slate-700" aria-live="polite">
                {t.rich("admin.publication.willGoOut", {
                  when: zoned(check.instant.toISOString(), SCHEDULE_ZONE),
                  utc: zoned(check.instant.toISOString(), "UTC"),
                  // Each time is a run of Latin digits and letters: isolated, it reads whole inside Arabic text.
                  w: (chunks) => <bdi>{chunks}</bdi>,
                })}
              </p>
            ) : null}
            <Field id="unpublish-at" label={t("admin.publication.unpublishAt")} hint={t("admin.publication.unpublishHint")} error={errors.unpublishAt}>
              <Input id="unpublish-at" type="datetime-local" value={takedown} onChange={(e) => setTakedown(e.target.value)} dir="ltr" />
            </Field>
            {errors.form ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.form}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("admin.publication.cancel")}
            </Button>
            <Button type="submit" disabled={saving || !check?.ok}>
              {saving ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <CalendarClock className="h-4 w-4" aria-hidden="true" />}
              {t("admin.publication.scheduleSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
