import { zodResolver } from "@hookform/resolvers/zod";
import { FileCheck2, Loader2, Send } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "react-router";
import type { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import { toast } from "~/lib/toast";
import type { ConfidentialityVersion } from "../../../../shared/api/data-room";
import { confidentialityNoticeSchema } from "../../../../shared/data-room-schemas";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { TextAreaField, TwinFields, useArabicLabel } from "../../manage/form-fields";
import { FramedTable, Th } from "../framed-table";
import { SettingsCard } from "../settings/settings-card";
import { NOTICE_CARD_ID } from "./anchors";
import { NoticeAcceptances } from "./notice-acceptances";
import { LoadFailed } from "./load-failed";

type NoticeInput = z.input<typeof confidentialityNoticeSchema>;
type NoticeOutput = z.output<typeof confidentialityNoticeSchema>;
const EMPTY: NoticeInput = { text: "", textAr: "" };

type State = { status: "loading" } | { status: "failed" } | { status: "ready"; versions: ConfidentialityVersion[] };

/**
 * Settings' 'Confidentiality notice': the text in force in English and Arabic, edited and published as a new version
 * (after a confirmation: every reader of a document that requires it is asked to accept it again), the versions with
 * how many accepted each, and who accepted a version, when and from which address.
 */
export function NoticeCard() {
  const t = useT();
  const f = useFormat();
  const arabic = useArabicLabel();
  const location = useLocation();
  const card = React.useRef<HTMLDivElement>(null);
  const [state, setState] = React.useState<State>({ status: "loading" });
  const [round, setRound] = React.useState(0);
  const [confirming, setConfirming] = React.useState<NoticeOutput | null>(null);
  const [publishing, setPublishing] = React.useState(false);
  const [shown, setShown] = React.useState<number | null>(null);
  const form = useForm<NoticeInput, unknown, NoticeOutput>({ resolver: zodResolver(confidentialityNoticeSchema), defaultValues: EMPTY });

  React.useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    dataRoomAdminApi
      .notices()
      .then((versions) => {
        if (!live) return;
        setState({ status: "ready", versions });
        form.reset(versions[0] ? { text: versions[0].text, textAr: versions[0].textAr } : EMPTY);
      })
      .catch(() => live && setState({ status: "failed" }));
    return () => {
      live = false;
    };
  }, [round, form]);

  // Opened from a document's access dialog ('Write one in Settings'): the card comes into view.
  React.useEffect(() => {
    if (location.hash === `#${NOTICE_CARD_ID}`) card.current?.scrollIntoView({ block: "start" });
  }, [location.hash, state.status]);

  const versions = state.status === "ready" ? state.versions : [];
  const current = versions[0] ?? null;
  const { isDirty } = form.formState;

  async function publish(values: NoticeOutput) {
    setPublishing(true);
    try {
      const created = await dataRoomAdminApi.publishNotice({ body: values });
      setState((s) => (s.status === "ready" ? { ...s, versions: [created, ...s.versions] } : s));
      form.reset({ text: created.text, textAr: created.textAr });
      toast.success(t("admin.dataRoom.notice.published", { version: created.version }));
      setConfirming(null);
    } catch (err) {
      setConfirming(null);
      if (err instanceof ApiError && applyServerErrors(err, form.setError, t)) return;
      toast.error(t("admin.dataRoom.notice.publishFailed"), { description: failureText(err, t) });
    } finally {
      setPublishing(false);
    }
  }

  return (
    <div id={NOTICE_CARD_ID} ref={card} className="scroll-mt-24">
      <SettingsCard
        icon={FileCheck2}
        title={t("admin.dataRoom.notice.title")}
        description={t("admin.dataRoom.notice.description")}
        busy={state.status === "loading"}
        details={
          current ? (
            <p className="text-xs text-slate-500">{t("admin.dataRoom.notice.inForce", { version: current.version, when: f.cairoWhen(current.createdAt) })}</p>
          ) : state.status === "ready" ? (
            <p className="text-xs font-medium text-amber-800">{t("admin.dataRoom.notice.none")}</p>
          ) : null
        }
      >
        {state.status === "loading" ? (
          <div className="space-y-3">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-10 w-1/2" />
          </div>
        ) : state.status === "failed" ? (
          <LoadFailed message={t("admin.dataRoom.notice.loadFailed")} onRetry={() => setRound((n) => n + 1)} />
        ) : (
          <div className="space-y-8">
            <form
              onSubmit={form.handleSubmit((values) => setConfirming(values))}
              noValidate
              className="space-y-4"
              aria-label={t("admin.dataRoom.notice.title")}
            >
              <TwinFields>
                <TextAreaField form={form} name="text" id="notice-text" contentLang="en" rows={9} label={t("admin.dataRoom.notice.text")} />
                <TextAreaField form={form} name="textAr" id="notice-textAr" contentLang="ar" rows={9} label={arabic(t("admin.dataRoom.notice.text"))} />
              </TwinFields>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
                {current && !isDirty ? <p className="text-xs text-slate-500 sm:me-auto">{t("admin.dataRoom.notice.unchanged")}</p> : null}
                {isDirty ? (
                  <Button type="button" variant="outline" onClick={() => form.reset()} disabled={publishing}>
                    {t("admin.settings.discard")}
                  </Button>
                ) : null}
                <Button type="submit" disabled={publishing || (current !== null && !isDirty)}>
                  <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                  {t(current ? "admin.dataRoom.notice.publishNew" : "admin.dataRoom.notice.publishFirst")}
                </Button>
              </div>
            </form>

            {versions.length ? <NoticeVersions versions={versions} shown={shown} onShow={(v) => setShown((s) => (s === v ? null : v))} /> : null}
            {shown !== null ? <NoticeAcceptances version={shown} /> : null}
          </div>
        )}
      </SettingsCard>

      <Dialog open={confirming !== null} onOpenChange={(next) => !publishing && !next && setConfirming(null)}>
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>{t("admin.dataRoom.notice.confirmTitle", { version: (current?.version ?? 0) + 1 })}</DialogTitle>
            <DialogDescription>{t(current ? "admin.dataRoom.notice.confirmText" : "admin.dataRoom.notice.confirmFirst")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={publishing}>
              {t("manage.form.cancel")}
            </Button>
            <Button onClick={() => confirming && void publish(confirming)} disabled={publishing}>
              {publishing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />}
              {t("admin.dataRoom.notice.confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Every version, newest first: when and by whom it was published, how many accepted it, and a button for who did. */
function NoticeVersions({ versions, shown, onShow }: { versions: ConfidentialityVersion[]; shown: number | null; onShow: (version: number) => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <section aria-labelledby="notice-versions" className="space-y-2">
      <h3 id="notice-versions" className="font-semibold text-navy-950">
        {t("admin.dataRoom.notice.versions")}
      </h3>
      <FramedTable
        caption={t("admin.dataRoom.notice.versions")}
        head={
          <>
            <Th>{t("admin.dataRoom.notice.col.version")}</Th>
            <Th className="max-sm:hidden">{t("admin.dataRoom.notice.col.published")}</Th>
            <Th end>{t("admin.dataRoom.notice.col.acceptances")}</Th>
            <Th hidden>{t("admin.dataRoom.versions.col.actions")}</Th>
          </>
        }
      >
        {versions.map((v, i) => (
          <tr key={v.version} className="align-top">
            <td className="px-3 py-2">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="whitespace-nowrap font-semibold tabular-nums text-navy-950">{t("admin.dataRoom.versions.number", { number: v.version })}</span>
                {i === 0 ? <Badge variant="green">{t("admin.dataRoom.notice.current")}</Badge> : null}
              </span>
              {/* On a phone when it was published goes under the number. */}
              <time dateTime={v.createdAt} className="mt-1 block text-xs text-slate-600 sm:hidden">
                {f.cairoWhen(v.createdAt)}
              </time>
            </td>
            <td className="px-3 py-2 text-slate-600 max-sm:hidden">
              <time dateTime={v.createdAt} className="whitespace-nowrap">
                {f.cairoWhen(v.createdAt)}
              </time>
              {v.createdBy ? (
                <span className="block break-all text-xs text-slate-500">
                  <bdi>{v.createdBy}</bdi>
                </span>
              ) : null}
            </td>
            <td className="px-3 py-2 text-end font-semibold tabular-nums text-slate-700">{f.count(v.acceptances)}</td>
            <td className="px-3 py-2 text-end">
              <Button
                variant="outline"
                size="sm"
                aria-expanded={shown === v.version}
                onClick={() => onShow(v.version)}
                aria-label={t("admin.dataRoom.notice.whoNamed", { version: v.version })}
              >
                {t(shown === v.version ? "admin.dataRoom.notice.hideWho" : "admin.dataRoom.notice.who")}
              </Button>
            </td>
          </tr>
        ))}
      </FramedTable>
    </section>
  );
}
