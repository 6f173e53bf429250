import { Filter, X } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useT } from "~/i18n/provider";
import { AUDIT_ACTOR_MAX, AUDIT_ENTITY_ID_MAX, AUDIT_ENTITY_TYPES } from "../../../../shared/audit";
import { entityTypeText } from "../../../../shared/audit-text";
import { auditT, NO_FILTERS, type AuditFilterValues } from "./types";

/**
 * The filters above the list: the person (an e-mail address or an account number), the item (its type and ID) and a
 * range of days in Cairo time. They apply when the form is sent (Enter, or 'Filter'); 'Clear filters' empties them.
 */
export function AuditFilters({ applied, onApply, refused }: { applied: AuditFilterValues; onApply: (f: AuditFilterValues) => void; refused: string | null }) {
  const t = useT();
  const [draft, setDraft] = React.useState(applied);
  React.useEffect(() => setDraft(applied), [applied]);
  const id = React.useId();
  const set = (key: keyof AuditFilterValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const filtered = Object.values(applied).some(Boolean);

  return (
    <form
      aria-label={t("admin.audit.filters.label")}
      className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-1">
          <Label htmlFor={`${id}-actor`}>{t("admin.audit.filters.actor")}</Label>
          <Input
            id={`${id}-actor`}
            name="actor"
            type="text"
            dir="ltr"
            autoComplete="off"
            maxLength={AUDIT_ACTOR_MAX}
            value={draft.actor}
            onChange={set("actor")}
            aria-describedby={`${id}-actor-hint`}
          />
          <p id={`${id}-actor-hint`} className="text-xs text-slate-500">
            {t("admin.audit.filters.actorHint")}
          </p>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-type`}>{t("admin.audit.filters.type")}</Label>
          <NativeSelect id={`${id}-type`} name="entityType" value={draft.entityType} onChange={set("entityType")}>
            <option value="">{t("admin.audit.filters.allTypes")}</option>
            {AUDIT_ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {entityTypeText(auditT(t), type)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-item`}>{t("admin.audit.filters.id")}</Label>
          <Input id={`${id}-item`} name="entityId" type="text" dir="ltr" maxLength={AUDIT_ENTITY_ID_MAX} value={draft.entityId} onChange={set("entityId")} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-from`}>{t("admin.audit.filters.from")}</Label>
          <Input id={`${id}-from`} name="from" type="date" value={draft.from} max={draft.to || undefined} onChange={set("from")} />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-to`}>{t("admin.audit.filters.to")}</Label>
          <Input
            id={`${id}-to`}
            name="to"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={set("to")}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? `${id}-refused` : undefined}
          />
        </div>
      </div>
      {refused ? (
        <p id={`${id}-refused`} role="alert" className="mt-3 text-sm font-medium text-red-700">
          {refused}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          <Filter className="h-4 w-4" aria-hidden="true" />
          {t("admin.audit.filters.apply")}
        </Button>
        {filtered || Object.values(draft).some(Boolean) ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            {t("admin.audit.filters.clear")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
