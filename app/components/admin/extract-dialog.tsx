import { Globe, Loader2, Wand2 } from "lucide-react";
import * as React from "react";
import { toast } from "sonner";
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
};

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
      toast.success("Content Extracted", { description: "The form was filled from the page. Review it before publishing." });
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
            Paste the address of a news article or announcement. Its title, summary, content, date and images fill the form for you to review.
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
