import { useLoaded } from "~/hooks/use-loaded";
import { useFormat, useT } from "~/i18n/provider";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import { FramedTable, MemberName, Th } from "../framed-table";
import { LoadedView, LoadingBars } from "./load-failed";

/** Who accepted version `version` of the notice, newest first: the member, when (Cairo time) and from which address. */
export function NoticeAcceptances({ version }: { version: number }) {
  const t = useT();
  const f = useFormat();
  const loaded = useLoaded(version, (v) => dataRoomAdminApi.acceptances({ query: { version: v } }));

  return (
    <section aria-labelledby="notice-acceptances" className="space-y-2">
      <h3 id="notice-acceptances" className="font-semibold text-navy-950">
        {t("admin.dataRoom.notice.acceptancesOf", { version })}
      </h3>
      <LoadedView
        loaded={loaded}
        loading={<LoadingBars label={t("admin.dataRoom.notice.acceptancesLoading")} bars={["h-9 w-full", "h-9 w-full"]} />}
        failedText={t("admin.dataRoom.notice.acceptancesFailed")}
      >
        {(acceptances) =>
          !acceptances.length ? (
            <p className="rounded-lg border border-dashed border-slate-300 py-6 text-center text-sm text-slate-500">
              {t("admin.dataRoom.notice.noAcceptances")}
            </p>
          ) : (
            <FramedTable
              caption={t("admin.dataRoom.notice.acceptancesOf", { version })}
              maxHeight="max-h-80"
              head={
                <>
                  <Th>{t("admin.dataRoom.notice.col.who")}</Th>
                  <Th>{t("admin.dataRoom.notice.col.when")}</Th>
                  <Th className="max-sm:hidden">{t("admin.dataRoom.notice.col.address")}</Th>
                </>
              }
            >
              {acceptances.map((a) => (
                <tr key={`${a.userId}-${a.acceptedAt}`} className="align-top">
                  <td className="px-3 py-2">
                    <MemberName fullName={a.fullName} email={a.email} />
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
            </FramedTable>
          )
        }
      </LoadedView>
    </section>
  );
}
