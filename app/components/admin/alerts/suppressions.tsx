import { zodResolver } from "@hookform/resolvers/zod";
import { MailX, ShieldBan } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useFormat, useT } from "~/i18n/provider";
import { alertsAdminApi, listSuppressions } from "~/lib/api/alerts-admin";
import { ApiError } from "~/lib/api/client";
import { toast } from "~/lib/toast";
import { suppressionSchema } from "../../../../shared/alerts-schemas";
import { adminColumnHelper } from "../data-table";
import { applyServerErrors, failureText } from "../../manage/form-errors";
import { SubmitButton, TextField } from "../../manage/form-fields";
import { RefreshButton } from "../tab-header";
import { REASON } from "./labels";
import { PagedTable, SearchBox } from "./paged-table";
import { SectionHeader } from "./section-header";
import type { SuppressionRow } from "./types";
import { usePagedList } from "./use-paged-list";
import { useSearchText } from "./use-search-text";

type Filters = { q: string };
type AddInput = z.input<typeof suppressionSchema>;
type AddOutput = z.output<typeof suppressionSchema>;

const fetchSuppressions = (f: Filters, page: { limit: number; offset: number }, signal: AbortSignal) =>
  listSuppressions({ q: f.q || undefined, ...page }, signal);

/** Adds an address to the suppression list: its alerts stop at once. */
function AddSuppression({ onAdded }: { onAdded: () => void }) {
  const t = useT();
  const form = useForm<AddInput, unknown, AddOutput>({ resolver: zodResolver(suppressionSchema), defaultValues: { email: "" } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const added = await alertsAdminApi.suppress({ body: values });
      toast.success(t("admin.alerts.suppressions.added"), { description: added.email });
      form.reset({ email: "" });
      onAdded();
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(err, form.setError, t)) return;
      toast.error(t("admin.alerts.suppressions.addFailed"), { description: failureText(err, t) });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="alerts-suppress-heading" className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h4 id="alerts-suppress-heading" className="text-sm font-semibold text-navy-950">
        {t("admin.alerts.suppressions.addTitle")}
      </h4>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <TextField
            form={form}
            name="email"
            id="alerts-suppress-email"
            type="email"
            autoComplete="off"
            label={t("admin.alerts.suppressions.email")}
            hint={t("admin.alerts.suppressions.addHint")}
          />
        </div>
        <SubmitButton busy={form.formState.isSubmitting} icon={MailX} className="sm:mt-7">
          {t("admin.alerts.suppressions.add")}
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * 'Suppression list': the addresses never sent an alert (unsubscribed, one-click, bounced, or added by an admin),
 * searchable and 25 at a time, and a form to add one.
 */
export function Suppressions() {
  const t = useT();
  const f = useFormat();
  const search = useSearchText();
  const filters = React.useMemo<Filters>(() => ({ q: search.query }), [search.query]);
  const paged = usePagedList(fetchSuppressions, filters);
  const { state, refresh } = paged;
  const columns = React.useMemo(() => {
    const col = adminColumnHelper<SuppressionRow>();
    return [
      col.accessor("email", {
        header: t("admin.alerts.suppressions.col.email"),
        enableSorting: false,
        cell: ({ getValue }) => (
          <bdi dir="ltr" className="font-medium text-navy-950 [overflow-wrap:anywhere]">
            {getValue()}
          </bdi>
        ),
      }),
      col.accessor("reason", { header: t("admin.alerts.suppressions.col.reason"), enableSorting: false, cell: ({ getValue }) => t(REASON[getValue()]) }),
      col.accessor("createdAt", {
        header: t("admin.alerts.suppressions.col.date"),
        enableSorting: false,
        cell: ({ getValue }) => (
          <time dateTime={getValue()} className="whitespace-nowrap text-slate-600">
            {f.when(getValue())}
          </time>
        ),
      }),
    ];
  }, [t, f]);

  return (
    <section aria-labelledby="alerts-suppressions-heading" aria-busy={state.loading}>
      <SectionHeader id="alerts-suppressions-heading" title={t("admin.alerts.suppressions.title")} description={t("admin.alerts.suppressions.description")}>
        <RefreshButton busy={state.loading} onClick={refresh} />
      </SectionHeader>

      <AddSuppression onAdded={refresh} />

      <div className="mb-4 w-full sm:max-w-xs">
        <SearchBox search={search} label={t("admin.alerts.suppressions.search")} />
      </div>

      <PagedTable
        paged={paged}
        label={t("admin.alerts.suppressions.tableLabel")}
        columns={columns}
        getRowId={(s) => s.email}
        phoneCards
        loadingLabel={t("admin.alerts.suppressions.loading")}
        failedText={t("admin.alerts.suppressions.loadFailed")}
        emptyIcon={ShieldBan}
        emptyText={t(filters.q ? "admin.alerts.suppressions.noMatch" : "admin.alerts.suppressions.empty")}
      />
    </section>
  );
}
