import * as React from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useT } from "~/i18n/provider";
import type { RevisionRow } from "../../../../shared/api/revisions";
import { fieldText } from "../../../../shared/audit-text";
import { comparableText, wordDiff } from "../../../../shared/revision-diff";
import { REVISION_TEXT, type RevisionEntity, type RevisionTextField } from "../../../../shared/revisions";
import { auditT } from "../audit/types";
import { DiffText } from "./diff-view";

type Lang = "en" | "ar";

/** One field of two revisions side by side: the older text (removals struck through) and the newer (additions underlined). */
function FieldDiff({ field, lang, older, newer }: { field: RevisionTextField; lang: Lang; older: RevisionRow; newer: RevisionRow }) {
  const t = useT();
  const before = comparableText(older.texts[field.key], field.html);
  const after = comparableText(newer.texts[field.key], field.html);
  const parts = React.useMemo(() => (before === after ? null : wordDiff(before, after, lang)), [before, after, lang]);
  // The Arabic fields are named like the English ones: the tab already says which language they are in.
  const label = fieldText(auditT(t), field.key.replace(/Ar$/, ""));
  return (
    <section className="space-y-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <h4 className="flex flex-wrap items-baseline gap-2 text-sm font-semibold text-navy-950">
        {label}
        {parts ? null : <span className="text-xs font-normal text-slate-500">{t("admin.revisions.unchanged")}</span>}
      </h4>
      {parts ? (
        <div className="grid gap-3 md:grid-cols-2">
          {(
            [
              ["older", older, before],
              ["newer", newer, after],
            ] as const
          ).map(([side, rev, text]) => (
            <div key={side} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
              <p className="mb-1.5 text-xs font-medium text-slate-500">
                {t(side === "older" ? "admin.revisions.older" : "admin.revisions.newer", { number: rev.number })}
              </p>
              {text ? <DiffText parts={parts} side={side} lang={lang} /> : <p className="text-sm italic text-slate-500">{t("admin.revisions.emptyField")}</p>}
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** Two revisions compared field by field, English and Arabic on their own tabs (Arabic right to left). */
export function ComparePanel({ entity, older, newer }: { entity: RevisionEntity; older: RevisionRow; newer: RevisionRow }) {
  const t = useT();
  const languages: Lang[] = ["en", "ar"];
  return (
    <Tabs defaultValue="en">
      <TabsList aria-label={t("admin.revisions.languages")}>
        {languages.map((lang) => (
          <TabsTrigger key={lang} value={lang}>
            {t(lang === "en" ? "admin.revisions.tab.en" : "admin.revisions.tab.ar")}
          </TabsTrigger>
        ))}
      </TabsList>
      {languages.map((lang) => (
        <TabsContent key={lang} value={lang} className="mt-4 space-y-4">
          {REVISION_TEXT[entity][lang].map((field) => (
            <FieldDiff key={field.key} field={field} lang={lang} older={older} newer={newer} />
          ))}
        </TabsContent>
      ))}
    </Tabs>
  );
}
