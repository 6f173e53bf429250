import { Newspaper, Plus, Sparkles, X } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { DELETE_PRESS_CONFIRM, usePressActions, type PressAction } from "~/hooks/use-press-actions";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError, type CallOutput } from "~/lib/api/client";
import { pressApi } from "~/lib/api/press";
import { settingsApi } from "~/lib/api/settings";
import { cn } from "~/lib/utils";
import type { PortfolioItemDto } from "../../../server/features/portfolio/portfolio";
import type { API } from "../../../shared/api";
import { HOMEPAGE_LIMIT } from "../../../shared/rules";
import { DataTable } from "./data-table";
import { failureText } from "../manage/form-errors";
import { useLabels } from "../manage/labels";
import { pressColumns, type PressRow } from "./press-columns";
import { PressFormDialog } from "../manage/press-form-dialog";
import { TabHeader } from "./tab-header";
import { MissingArabicFilter, missingArabic } from "./translation-status";
import { ScheduleDialog, usePublicationActions } from "./publication";
import { SchedulePanel } from "./schedule-panel";
import { PreviewDialog } from "./preview/preview-dialog";
import { RevisionsDialog } from "./revisions";

export type { PressRow } from "./press-columns";

type Pending = { id: number; what: "spotlight" | "edit" } | null;

/** 'Press Releases': the table with featured, homepage and spotlight choices, and the release form. */
export function PressTab({ releases, companies, spotlightId }: { releases: PressRow[]; companies: PortfolioItemDto[]; spotlightId: number | null }) {
  const t = useT();
  const f = useFormat();
  const labels = useLabels();
  const revalidator = useRevalidator();
  const reload = React.useCallback(() => revalidator.revalidate(), [revalidator]);
  const actions = usePressActions({ onChanged: reload });
  const [dialog, setDialog] = React.useState<{ open: boolean; release?: CallOutput<typeof API.press.get> }>({ open: false });
  const [pending, setPending] = React.useState<Pending>(null);
  const busy = (id: number, what: PressAction | NonNullable<Pending>["what"]) =>
    what === "spotlight" || what === "edit" ? pending?.id === id && pending.what === what : actions.isBusy(id, what);

  const run = React.useCallback(async (id: number, what: NonNullable<Pending>["what"], action: () => Promise<void>) => {
    setPending({ id, what });
    try {
      await action();
    } finally {
      setPending(null);
    }
  }, []);

  const { setFeatured, setHomepage, remove: removeRelease } = actions;
  const toggleFeatured = React.useCallback((r: PressRow) => setFeatured(r, !r.featured), [setFeatured]);
  const toggleHomepage = React.useCallback((r: PressRow) => setHomepage(r, !r.showOnHomepage), [setHomepage]);

  const setSpotlight = React.useCallback(
    (r: PressRow | null) =>
      run(r?.id ?? -1, "spotlight", async () => {
        const id = r && r.id !== spotlightId ? r.id : null;
        try {
          await settingsApi.setSpotlight({ body: { id } });
          toast.success(t(id ? "admin.press.spotlightSet" : "admin.press.spotlightCleared"), {
            description: id ? t("admin.press.spotlightSetText", { title: r!.title }) : t("admin.press.spotlightClearedText"),
          });
          await revalidator.revalidate();
        } catch {
          toast.error(t("manage.press.updateFailedTitle"), { description: t("admin.press.spotlightFailed") });
        }
      }),
    [run, revalidator, spotlightId, t],
  );

  const edit = React.useCallback(
    (r: PressRow) =>
      run(r.id, "edit", async () => {
        try {
          // The list leaves out article bodies; the form needs the whole, current release.
          const release = await pressApi.adminGet({ params: { id: r.id } });
          setDialog({ open: true, release });
        } catch (err) {
          toast.error(t("admin.press.openFailed"), { description: failureText(err, t) });
          if (err instanceof ApiError && err.status === 404) void revalidator.revalidate();
        }
      }),
    [run, revalidator, t],
  );

  const remove = React.useCallback(
    (r: PressRow) => {
      if (!window.confirm(t(DELETE_PRESS_CONFIRM))) return;
      return removeRelease(r);
    },
    [removeRelease, t],
  );

  const publication = usePublicationActions("press", reload);
  const [scheduling, setScheduling] = React.useState<PressRow | null>(null);
  const [previewing, setPreviewing] = React.useState<PressRow | null>(null);
  const [history, setHistory] = React.useState<PressRow | null>(null);
  const { act: publicationAct } = publication;
  const publicationAction = React.useCallback((r: PressRow, action: Parameters<typeof publicationAct>[1]) => void publicationAct(r, action), [publicationAct]);

  const columns = React.useMemo(
    () =>
      pressColumns({
        publishing: publication.busyId,
        publicationAction,
        schedule: setScheduling,
        preview: setPreviewing,
        revisions: setHistory,
        t,
        f,
        labels,
        spotlightId,
        busy,
        choosingSpotlight: pending?.what === "spotlight",
        toggleFeatured,
        toggleHomepage,
        setSpotlight,
        edit,
        remove,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `busy` reads only `pending` and `actions.pending`, which are listed
    [toggleFeatured, toggleHomepage, setSpotlight, edit, remove, spotlightId, pending, actions.pending, t, f, labels, publication.busyId, publicationAction],
  );

  const homepageCount = releases.filter((r) => r.showOnHomepage).length;
  const untranslated = releases.filter(missingArabic).length;
  const [onlyMissing, setOnlyMissing] = React.useState(false);
  const spotlight = releases.find((r) => r.id === spotlightId);

  return (
    <section aria-labelledby="press-heading">
      <TabHeader id="press-heading" title={t("admin.press.title")} description={t("admin.press.description")}>
        <MissingArabicFilter count={untranslated} only={onlyMissing} onChange={setOnlyMissing} />
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t("admin.press.add")}
        </Button>
      </TabHeader>

      <SchedulePanel
        items={[...releases.map((r) => ({ ...r, kind: "press" as const })), ...companies.map((c) => ({ ...c, kind: "portfolio" as const, title: c.name }))]}
      />

      <PressStatus homepageCount={homepageCount} spotlight={spotlight} onClearSpotlight={() => void setSpotlight(null)} />

      <DataTable
        label={t("admin.press.tableLabel")}
        data={onlyMissing ? releases.filter(missingArabic) : releases}
        columns={columns}
        getRowId={(r) => String(r.id)}
        searchPlaceholder={t("admin.press.search")}
        initialSorting={[{ id: "date", desc: true }]}
        pageSize={20}
        empty={
          <div className="space-y-2">
            <Newspaper className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
            <p className="font-medium text-slate-700">{t("admin.press.empty")}</p>
            <p className="text-sm">{t("admin.press.emptyHint")}</p>
          </div>
        }
        columnClasses={{ title: "min-w-[15rem] max-w-[24rem]", company: "min-w-[9rem]", actions: "w-24 text-end" }}
        pinnedColumn="actions"
        phoneCards
        cardCellClasses={{ actions: "max-md:justify-end max-md:border-t max-md:border-slate-100 max-md:pt-2" }}
      />

      {previewing ? <PreviewDialog id={previewing.id} title={previewing.title} open onOpenChange={(open) => !open && setPreviewing(null)} /> : null}
      <RevisionsDialog
        entity="press"
        id={history?.id ?? 0}
        title={history?.title ?? ""}
        open={history !== null}
        onOpenChange={(open) => !open && setHistory(null)}
        onRestored={reload}
      />
      <ScheduleDialog kind="press" row={scheduling} onOpenChange={(open) => !open && setScheduling(null)} onScheduled={reload} />

      <PressFormDialog
        open={dialog.open}
        release={dialog.release}
        companies={companies}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={(saved, { schedule }) => {
          void revalidator.revalidate();
          if (schedule) setScheduling(saved);
        }}
      />
    </section>
  );
}

/** The homepage slots in use and the release in the spotlight (with a button that clears it). */
function PressStatus({ homepageCount, spotlight, onClearSpotlight }: { homepageCount: number; spotlight?: PressRow; onClearSpotlight: () => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
      <span
        className={cn(
          "inline-flex items-center gap-2 rounded-full px-3 py-1 ring-1",
          homepageCount >= HOMEPAGE_LIMIT ? "bg-amber-50 text-amber-800 ring-amber-200" : "bg-white text-slate-700 ring-slate-200",
        )}
      >
        {t.rich("admin.press.slotsUsed", {
          used: f.count(homepageCount),
          limit: f.count(HOMEPAGE_LIMIT),
          b: (chunks) => <span className="font-semibold">{chunks}</span>,
        })}
      </span>
      <span className="inline-flex max-w-full items-center gap-2 rounded-full bg-white px-3 py-1 text-slate-700 ring-1 ring-slate-200">
        <Sparkles className="h-3.5 w-3.5 shrink-0 text-gold-600" aria-hidden="true" />
        <span className="truncate">
          {t.rich("admin.press.spotlightNow", {
            title: spotlight ? spotlight.title : t("admin.press.spotlightNone"),
            b: (chunks) => <bdi className="font-semibold">{chunks}</bdi>,
          })}
        </span>
        {spotlight ? (
          <button
            type="button"
            onClick={onClearSpotlight}
            className="rounded-full p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
            aria-label={t("admin.press.clearSpotlight")}
            title={t("admin.press.clearSpotlight")}
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        ) : null}
      </span>
    </div>
  );
}
