import { Loader2, Search, X } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { FieldError } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import { usersApi } from "~/lib/api/users";
import { cn } from "~/lib/utils";
import { USER_SEARCH_MAX } from "../../../../shared/schemas";
import { IconInput } from "../../manage/icon-input";

/** An investor a document is (or will be) shared with. `role` other than 'investor': the account lost the role since. */
export type PickedInvestor = { userId: number; email: string; fullName: string | null; role: string; disabled?: boolean };

/** Typing waits this long before the accounts are asked for. */
const SEARCH_DELAY_MS = 300;

const nameOf = (u: { fullName: string | null; email: string }) => u.fullName || u.email;

/**
 * 'Only these investors': the accounts chosen so far (each with a remove button), and a search over the investor
 * accounts (name or address, any case; the first 50 without a search) to add or remove more.
 */
export function InvestorPicker({
  id,
  selected,
  onChange,
  error,
}: {
  id: string;
  selected: PickedInvestor[];
  onChange: (next: PickedInvestor[]) => void;
  error?: string;
}) {
  const t = useT();
  const [text, setText] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [state, setState] = React.useState<{ status: "loading" | "ready" | "failed"; found: PickedInvestor[] }>({ status: "loading", found: [] });

  React.useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim().slice(0, USER_SEARCH_MAX)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  React.useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, status: "loading" }));
    usersApi
      .list({ query: { q: query || undefined, role: "investor" }, init: { signal: controller.signal } })
      .then((page) =>
        setState({
          status: "ready",
          found: page.users.map((u) => ({ userId: u.id, email: u.email, fullName: u.fullName, role: u.role, disabled: Boolean(u.disabledAt) })),
        }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "failed", found: [] });
      });
    return () => controller.abort();
  }, [query]);

  const isPicked = (userId: number) => selected.some((s) => s.userId === userId);
  const toggle = (u: PickedInvestor) => onChange(isPicked(u.userId) ? selected.filter((s) => s.userId !== u.userId) : [...selected, u]);

  return (
    <div className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <div>
        <p id={`${id}-chosen`} className="text-sm font-medium text-slate-800">
          {t("admin.dataRoom.access.chosen", { count: selected.length })}
        </p>
        {selected.length ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-labelledby={`${id}-chosen`}>
            {selected.map((u) => (
              <li
                key={u.userId}
                className={cn(
                  "inline-flex max-w-full items-center gap-1 rounded-full py-0.5 pe-1 ps-2.5 text-xs ring-1",
                  u.role === "investor" ? "bg-navy-50 text-navy-900 ring-navy-100" : "bg-red-50 text-red-800 ring-red-200",
                )}
              >
                <bdi className="truncate" title={u.email}>
                  {nameOf(u)}
                </bdi>
                {u.role !== "investor" ? <span className="whitespace-nowrap">· {t("admin.dataRoom.access.notInvestor")}</span> : null}
                <button
                  type="button"
                  onClick={() => toggle(u)}
                  className="rounded-full p-0.5 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
                  aria-label={t("admin.dataRoom.access.remove", { name: nameOf(u) })}
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {selected.some((u) => u.role !== "investor") ? <p className="mt-1 text-xs text-red-700">{t("admin.dataRoom.access.notInvestorHint")}</p> : null}
      </div>

      <div className="space-y-1.5">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
          {t("admin.dataRoom.access.find")}
        </label>
        <IconInput
          id={`${id}-search`}
          icon={Search}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("admin.dataRoom.access.findPlaceholder")}
          aria-controls={`${id}-results`}
        />
      </div>
      <div
        id={`${id}-results`}
        className="max-h-56 overflow-y-auto rounded-lg border border-slate-200"
        role="group"
        aria-label={t("admin.dataRoom.access.results")}
        aria-busy={state.status === "loading"}
      >
        {state.status === "loading" && !state.found.length ? (
          <p role="status" className="flex items-center gap-2 px-3 py-3 text-sm text-slate-500">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            {t("admin.dataRoom.access.searching")}
          </p>
        ) : state.status === "failed" ? (
          <p role="alert" className="px-3 py-3 text-sm text-red-700">
            {t("admin.dataRoom.access.searchFailed")}
          </p>
        ) : !state.found.length ? (
          <p className="px-3 py-3 text-sm text-slate-500">{query ? t("admin.dataRoom.access.noMatch", { query }) : t("admin.dataRoom.access.noInvestors")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {state.found.map((u) => (
              <li key={u.userId}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                  <input type="checkbox" className="h-4 w-4 shrink-0 accent-navy-800" checked={isPicked(u.userId)} onChange={() => toggle(u)} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-navy-950">
                      <bdi>{u.fullName || "—"}</bdi>
                    </span>
                    <span className="block truncate text-xs text-slate-500">
                      <bdi>{u.email}</bdi>
                    </span>
                  </span>
                  {u.disabled ? <Badge variant="red">{t("admin.dataRoom.access.disabled")}</Badge> : null}
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
