import * as React from "react";
import { get, type FieldValues, type Path, type PathValue, type UseFormReturn } from "react-hook-form";
import { Skeleton } from "~/components/ui/skeleton";
import { FieldError } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import type { RichTextLanguage } from "../../../../shared/rich-text-schema";
import type { RichTextValue } from "./rich-text-editor";

// Tiptap and ProseMirror load with the editor, when a form that has one opens: never with the dashboard's first
// paint, never on a public page. (This file imports the editor's types only.)
const RichTextEditor = React.lazy(() => import("./rich-text-editor"));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the forms' output types differ; the field only sets and reads values
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

type Props<T extends FieldValues> = {
  form: AnyForm<T>;
  /** The HTML field (validated for length, sent for older clients) and the document field (what the server renders). */
  htmlName: Path<T>;
  docName: Path<T>;
  id: string;
  label: string;
  hint?: string;
  language: RichTextLanguage;
  /** Changes when the form is filled anew (opened for another release, filled from a page): the editor starts over. */
  resetKey: number;
};

/**
 * A rich-text field of a react-hook-form form: label, hint and error as the other fields have them, and the lazily
 * loaded editor, which writes both the document and its HTML into the form.
 */
export function RichTextField<T extends FieldValues>({ form, htmlName, docName, id, label, hint, language, resetKey }: Props<T>) {
  const t = useT();
  const labelId = `${id}-label`;
  const errorOf = (name: Path<T>) => (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  const error = t.maybe(errorOf(htmlName) ?? errorOf(docName));
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  function onChange({ doc, html }: RichTextValue) {
    const submitted = form.formState.isSubmitted;
    form.setValue(docName, doc as PathValue<T, Path<T>>, { shouldDirty: true });
    form.setValue(htmlName, html as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: submitted });
  }

  return (
    <div className="space-y-1.5">
      {/* The editable area is not a form control a <label for> can name: it is named by this label's id. */}
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <React.Suspense
        fallback={
          <div role="status" aria-label={t("manage.editor.loading")}>
            <Skeleton className="h-64 w-full" />
          </div>
        }
      >
        <RichTextEditor
          key={resetKey}
          id={id}
          labelId={labelId}
          language={language}
          initialDoc={(form.getValues(docName) as RichTextValue["doc"]) ?? null}
          initialHtml={(form.getValues(htmlName) as string | null | undefined) ?? ""}
          onChange={onChange}
          invalid={Boolean(error)}
          describedBy={describedBy}
          toolbarLabel={`${t("manage.editor.toolbar")}: ${label}`}
        />
      </React.Suspense>
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
