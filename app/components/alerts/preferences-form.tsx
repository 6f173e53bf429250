import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Save } from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { showServerErrors } from "~/components/account/form-errors";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import { accountAlertsSchema } from "../../../shared/alerts-schemas";
import type { AlertPreferences } from "./types";
import { AlertListsField } from "./alert-lists-field";
import { LocaleField } from "./locale-field";
import { FailureNote, LiveNote } from "./parts";

type Input = z.input<typeof accountAlertsSchema>;
type Output = z.output<typeof accountAlertsSchema>;

/** The texts of one use of the form: the preferences page's or the account page's. */
export type PreferencesTexts = { save: MessageId; saving: MessageId; saved: MessageId; savedNone: MessageId; noneHint: MessageId; failed: MessageId };

/**
 * A subscription's lists and language, saved together. No list at all is allowed and means no alerts (the hint says
 * so before saving, the answer after). `save` sends the choice and answers the subscription as the server now has it.
 */
export function PreferencesForm({
  id,
  labelledBy,
  initial,
  save,
  texts,
  onSaved,
}: {
  id: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  initial: Pick<AlertPreferences, "lists" | "locale">;
  save: (values: Output) => Promise<AlertPreferences>;
  texts: PreferencesTexts;
  onSaved?: (saved: AlertPreferences) => void;
}) {
  const t = useT();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(accountAlertsSchema), defaultValues: { lists: initial.lists, locale: initial.locale } });
  const [saved, setSaved] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  // Read up front: the form state tracks what the render reads.
  const { errors, isSubmitting, isDirty } = form.formState;
  const message = (m: unknown) => t.maybe(typeof m === "string" ? m : undefined);
  // Said once the reader has unticked everything (an address that never chose any list needs no warning).
  const none = form.watch("lists").length === 0 && isDirty;

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    setFailure(null);
    try {
      const answer = await save(values);
      form.reset({ lists: answer.lists, locale: answer.locale });
      setSaved(t(answer.lists.length ? texts.saved : texts.savedNone));
      onSaved?.(answer);
    } catch (err) {
      setFailure(showServerErrors(form, err, t, texts.failed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby={labelledBy}>
      <Controller
        control={form.control}
        name="lists"
        render={({ field, fieldState }) => (
          <AlertListsField id={`${id}-lists`} value={field.value} onChange={field.onChange} error={message(fieldState.error?.message)} />
        )}
      />
      <LocaleField id={`${id}-locale`} field={form.register("locale")} error={message(errors.locale?.message)} />
      {none ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="alerts-none-hint">
          {t(texts.noneHint)}
        </p>
      ) : null}
      <FailureNote text={failure} />
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Save className="h-4 w-4" aria-hidden="true" />}
        {isSubmitting ? t(texts.saving) : t(texts.save)}
      </Button>
      <LiveNote text={saved} testId={`${id}-saved`} />
    </form>
  );
}
