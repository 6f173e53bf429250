import { Skeleton } from "~/components/ui/skeleton";
import { useLoaded } from "~/hooks/use-loaded";
import { useFormat, useT } from "~/i18n/provider";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import { LoadFailed } from "./load-failed";

/** Who accepted version `version` of the notice, newest first: the member, when (Cairo time) and from which address. */
export function NoticeAcceptances({ version }: { version: number }) {
  const t = useT();
  const f = useFormat();
  const { state, reload } = useLoaded(version, (v) => dataRoomAdminApi.acceptances({ query: { version: v } }));

  return (
    <section aria-labelledby="notice-acceptances" className="space-y-2">
      <h3 id="notice-acceptances" className="font-semibold text-navy-950">
        {t("admin.dataRoom.notice.acceptancesOf", { version })}
      </h3>
      {state.status === "loading" ? (
        <div role="status" aria-label={t("admin.dataRoom.notice.acceptancesLoading")} className="space-y-2">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : state.status === "failed" ? (
        <LoadFailed message={t("admin.dataRoom.notice.acceptancesFailed")} onRetry={reload} />
      ) : !state.data.length ? (
        <p className="rounded-lg border border-dashed border-slate-300 py-6 text-center text-sm text-slate-500">{t("admin.dataRoom.notice.noAcceptances")}</p>
      ) : (
        <div className="relative max-h-80 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("admin.dataRoom.notice.acceptancesOf", { version })}</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">
                  {t("admin.dataRoom.notice.col.who")}
                </th>
                <th scope="col" className="px-3 py-2 text-start">
                  {t("admin.dataRoom.notice.col.when")}
                </th>
                <th scope="col" className="px-3 py-2 text-start max-sm:hidden">
                  {t("admin.dataRoom.notice.col.address")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {state.data.map((a) => (
                <tr key={`${a.userId}-${a.acceptedAt}`} className="align-top">
                  <td className="px-3 py-2">
                    <span className="block break-words font-medium text-navy-950">
                      <bdi>{a.fullName || a.email}</bdi>
                    </span>
                    {a.fullName ? (
                      <span className="block break-all text-xs text-slate-500">
                        <bdi>{a.email}</bdi>
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-slate-600">
                    <time dateTime={a.acceptedAt} className="sm:whitespace-nowrap">
                      {f.cairoWhen(a.acceptedAt)}
                    </time>
                    <span dir="ltr" className="block font-mono text-xs text-slate-500 sm:hidden">
                      {a.ipAddress ?? "—"}
                    </span>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs text-slate-600 max-sm:hidden">
                    <bdi>{a.ipAddress ?? "—"}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
