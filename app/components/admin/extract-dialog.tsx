import { AlertTriangle, Building2, Globe, Loader2, Wand2, X } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/input";
import { ApiError, apiRequest } from "~/lib/api";

/** What POST /api/extract-url answers; any field may be missing when the page does not say. */
export type ExtractedContent = {
  title?: string | null;
  summary?: string | null;
  content?: string | null;
  date?: string | null;
  image?: string | null;
  logo?: string | null;
  category?: string | null;
  /** The portfolio company the page was matched to (its logo and sector come with it). */
  company?: string | null;
  sector?: string | null;
  /** What was left out, e.g. images that could not be copied to this site. */
  warnings?: string[] | null;
};

/** One line for the toast: which company was matched, and whether anything was left out. */
function extractedDescription(content: ExtractedContent) {
  const matched = content.company ? `Matched ${content.company} in the portfolio. ` : "";
  const left = content.warnings?.length ? " Some images were left out; see the notes in the form." : "";
  return `${matched}The form was filled from the page. Review it before publishing.${left}`;
}

/**
 * What the last extraction matched and left out, shown in the press form above the fields until
 * dismissed, so the editor can check the company and replace missing images.
 */
export function ExtractSummary({ content, onDismiss }: { content: ExtractedContent; onDismiss: () => void }) {
  const warnings = content.warnings ?? [];
  return (
    <section aria-label="Extraction result" className="relative rounded-lg border border-slate-200 bg-slate-50 p-4 pr-10 text-sm text-slate-700">
      <button type="button" onClick={onDismiss} className="absolute right-2 top-2 rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800" aria-label="Dismiss extraction result">
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
      <p className="flex items-start gap-2">
        <Building2 className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        {content.company ? (
          <span>
            Matched portfolio company <strong className="font-semibold text-slate-900">{content.company}</strong>
            {content.sector ? ` (${content.sector})` : ""}: company, sector and logo were filled in.
          </span>
        ) : (
          <span>No portfolio company matched this page. Choose the company yourself.</span>
        )}
      </p>
      {warnings.length ? (
        <div className="mt-3">
          <p className="flex items-center gap-2 font-medium text-amber-800">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
            Left out
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-10 text-slate-600">
            {warnings.map((w) => (
              <li key={w} className="break-words">
                {w}
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
      toast.error("URL Required", { description: "Please enter a valid URL to extract content from" });
      return;
    }
    setPending(true);
    try {
      const content = await apiRequest<ExtractedContent>("POST", "/api/extract-url", { url: target });
      onExtracted(content, target);
      toast.success("Content Extracted", { description: extractedDescription(content) });
      setUrl("");
      onOpenChange(false);
    } catch (err) {
      const message = err instanceof ApiError && err.message ? err.message : "Could not extract content from the URL";
      toast.error("Extraction Failed", { description: message });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Extract Content from URL</DialogTitle>
          <DialogDescription>
            Paste the address of a news article or announcement. Its title, summary, content, date and images fill the form for you to review; images are copied to this site, and a portfolio company it names is selected.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={extract} noValidate>
          <Field id="extract-url" label="Website URL">
            <div className="relative">
              <Globe className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
              <Input
                id="extract-url"
                type="url"
                inputMode="url"
                placeholder="https://example.com/news/announcement"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                className="pl-9"
                autoFocus
                disabled={pending}
              />
            </div>
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Wand2 className="h-4 w-4" aria-hidden="true" />}
              {pending ? "Extracting…" : "Extract Content"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
