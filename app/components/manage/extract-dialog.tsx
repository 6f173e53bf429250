import { AlertTriangle, Building2, Globe, Wand2, X } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/input";
import { useT, type Translate } from "~/i18n/provider";
import type { extractEndpoints } from "../../../shared/api/extract";
import type { CallOutput } from "~/lib/api/client";
import { extractApi } from "~/lib/api/extract";
import { failureText } from "./form-errors";
import { useLabels } from "./labels";
import { DialogFormActions } from "./form-fields";
import { IconInput } from "./icon-input";

/** What a page gave for the press form: texts, date, images, the matched company, language and what was left out. */
export type ExtractedContent = CallOutput<typeof extractEndpoints.fromUrl>;

/** An example address (the same in every language). */
const EXAMPLE_URL = "https://example.com/news/announcement";

/** One line for the toast: which company was matched, and whether anything was left out. */
function extractedDescription(content: ExtractedContent, t: Translate) {
  const parts = [
    content.company ? t("manage.extract.matchedCompany", { company: content.company }) : null,
    t("manage.extract.filled"),
    content.language === "ar" ? t("manage.extract.filledArabic") : null,
    content.warnings?.length ? t("manage.extract.imagesLeftOut") : null,
  ];
  return parts.filter(Boolean).join(" ");
}

/**
 * What the last extraction matched and left out, shown in the press form above the fields until
 * dismissed, so the editor can check the company and replace missing images.
 */
export function ExtractSummary({ content, onDismiss }: { content: ExtractedContent; onDismiss: () => void }) {
  const t = useT();
  const labels = useLabels();
  const warnings = content.warnings ?? [];
  return (
    <section aria-label={t("manage.extract.result")} className="relative rounded-lg border border-slate-200 bg-slate-50 p-4 pe-10 text-sm text-slate-700">
      <button
        type="button"
        onClick={onDismiss}
        className="absolute end-2 top-2 rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
        aria-label={t("manage.extract.dismiss")}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
      <p className="flex items-start gap-2">
        <Building2 className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        {content.company ? (
          <span>
            {t.rich(content.sector ? "manage.extract.matchedWithSector" : "manage.extract.matched", {
              company: content.company,
              sector: content.sector ? labels.sector(content.sector) : "",
              b: (chunks) => <strong className="font-semibold text-slate-900">{chunks}</strong>,
            })}
          </span>
        ) : (
          <span>{t("manage.extract.noMatch")}</span>
        )}
      </p>
      {warnings.length ? (
        <div className="mt-3">
          <p className="flex items-center gap-2 font-medium text-amber-800">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t("manage.extract.leftOut")}
          </p>
          <ul className="mt-1 list-disc space-y-1 ps-10 text-slate-600">
            {warnings.map((w) => (
              <li key={w} className="break-words">
                {t.maybe(w)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * 'Extract Content from URL': the server fetches the page (with its SSRF guard) and reads its Open
 * Graph, JSON-LD and readable text; the caller fills the press-release form with the answer.
 */
export function ExtractDialog({
  open,
  onOpenChange,
  onExtracted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onExtracted: (content: ExtractedContent, url: string) => void;
}) {
  const t = useT();
  const [url, setUrl] = React.useState("");
  const [pending, setPending] = React.useState(false);

  React.useEffect(() => {
    if (!open) setPending(false);
  }, [open]);

  async function extract(e: React.FormEvent) {
    e.preventDefault();
    // React events bubble through portals: keep this submit from reaching the press form around it.
    e.stopPropagation();
    const target = url.trim();
    if (!target) {
      toast.error(t("manage.extract.urlRequired"), { description: t("manage.extract.urlRequiredText") });
      return;
    }
    setPending(true);
    try {
      const content = await extractApi.fromUrl({ body: { url: target } });
      onExtracted(content, target);
      toast.success(t("manage.extract.done"), { description: extractedDescription(content, t) });
      setUrl("");
      onOpenChange(false);
    } catch (err) {
      toast.error(t("manage.extract.failed"), { description: failureText(err, t, "manage.extract.failedText") });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t("manage.extract.title")}</DialogTitle>
          <DialogDescription>{t("manage.extract.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={extract} noValidate>
          <Field id="extract-url" label={t("manage.extract.url")}>
            <IconInput
              icon={Globe}
              id="extract-url"
              type="url"
              inputMode="url"
              placeholder={EXAMPLE_URL}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              autoFocus
              disabled={pending}
            />
          </Field>
          <DialogFormActions
            onCancel={() => onOpenChange(false)}
            busy={pending}
            submitIcon={Wand2}
            submitLabel={t(pending ? "manage.extract.extracting" : "manage.extract.submit")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
