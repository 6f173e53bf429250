import { Check, Copy, ExternalLink, Link2, Loader2 } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import type { CallOutput } from "~/lib/api/client";
import { previewApi } from "~/lib/api/preview";
import { toast } from "~/lib/toast";
import type { API } from "../../../../shared/api";
import { localizePath, type Locale } from "../../../../shared/i18n/locales";
import { previewPath } from "../../../../shared/preview";

type PreviewLink = CallOutput<typeof API.preview.list>["links"][number];
type CreatedLink = CallOutput<typeof API.preview.create>;
type LinksState = { status: "loading" } | { status: "failed" } | { status: "ready"; links: PreviewLink[] };

/**
 * A release's preview from the dashboard: open the admin preview in either language, make a preview link for a
 * colleague without an account (its address shown this once, with a copy button and its expiry in Cairo time), and
 * the release's links with a button to revoke each one still working.
 */
export function PreviewDialog({ id, title, open, onOpenChange }: { id: number; title: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const [links, setLinks] = React.useState<LinksState>({ status: "loading" });
  const [created, setCreated] = React.useState<CreatedLink | null>(null);
  const [lang, setLang] = React.useState<Locale>(locale);
  const [creating, setCreating] = React.useState(false);

  const load = React.useCallback(async () => {
    setLinks({ status: "loading" });
    try {
      const answer = await previewApi.list({ query: { type: "press", id } });
      setLinks({ status: "ready", links: answer.links });
    } catch {
      setLinks({ status: "failed" });
    }
  }, [id]);

  React.useEffect(() => {
    if (!open) return;
    // A link's address is shown only until the dialog closes.
    setCreated(null);
    void load();
  }, [open, load]);

  async function create() {
    setCreating(true);
    try {
      setCreated(await previewApi.create({ body: { type: "press", id, lang } }));
      await load();
    } catch {
      toast.error(t("admin.preview.createFailed"));
    } finally {
      setCreating(false);
    }
  }

  async function revoke(linkId: number) {
    try {
      const link = await previewApi.revoke({ params: { linkId } });
      setLinks((s) => (s.status === "ready" ? { status: "ready", links: s.links.map((l) => (l.id === link.id ? link : l)) } : s));
      if (created?.id === linkId) setCreated(null);
      toast.success(t("admin.preview.revoked"));
    } catch {
      toast.error(t("admin.preview.revokeFailed"));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("admin.preview.title")}</DialogTitle>
          <DialogDescription>{t("admin.preview.description", { title })}</DialogDescription>
        </DialogHeader>

        <div className="space-y-6">
          <section aria-labelledby="preview-open-heading" className="flex flex-wrap items-center gap-2">
            <h3 id="preview-open-heading" className="me-1 text-sm font-semibold text-navy-950">
              {t("admin.preview.open")}
            </h3>
            {(["en", "ar"] as const).map((l) => (
              <Button key={l} asChild variant="outline" size="sm">
                <a href={localizePath(previewPath("press", id), l)} target="_blank" rel="noopener noreferrer" hrefLang={l}>
                  {t(l === "en" ? "admin.preview.openEn" : "admin.preview.openAr")}
                  <ExternalLink className="h-3.5 w-3.5 rtl:-scale-x-100" aria-hidden="true" />
                  <span className="sr-only">{t("admin.preview.newTab")}</span>
                </a>
              </Button>
            ))}
          </section>

          <section aria-labelledby="preview-create-heading" className="space-y-3 rounded-lg border border-slate-200 p-4">
            <h3 id="preview-create-heading" className="text-sm font-semibold text-navy-950">
              {t("admin.preview.createTitle")}
            </h3>
            <p className="text-sm text-slate-600">{t("admin.preview.createHint")}</p>
            <div className="flex flex-wrap items-end gap-3">
              <div className="space-y-1">
                <Label htmlFor="preview-link-lang">{t("admin.preview.linkLanguage")}</Label>
                <NativeSelect id="preview-link-lang" value={lang} onChange={(e) => setLang(e.target.value === "ar" ? "ar" : "en")} disabled={creating}>
                  <option value="en">{t("admin.preview.openEn")}</option>
                  <option value="ar">{t("admin.preview.openAr")}</option>
                </NativeSelect>
              </div>
              <Button type="button" onClick={() => void create()} disabled={creating}>
                {creating ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Link2 className="h-4 w-4" aria-hidden="true" />}
                {t("admin.preview.createLink")}
              </Button>
            </div>
            {created ? <CreatedLinkBox link={created} /> : null}
          </section>

          <section aria-labelledby="preview-links-heading" className="space-y-2">
            <h3 id="preview-links-heading" className="text-sm font-semibold text-navy-950">
              {t("admin.preview.links")}
            </h3>
            <LinkList state={links} onRetry={() => void load()} onRevoke={revoke} />
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The new link's address, shown this once, with a copy button and when it stops working. */
function CreatedLinkBox({ link }: { link: CreatedLink }) {
  const t = useT();
  const f = useFormat();
  const [copied, setCopied] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard API");
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      toast.success(t("admin.preview.copied"));
    } catch {
      input.current?.select();
      toast.error(t("admin.preview.copyFailed"));
    }
  }
  return (
    <div role="status" className="space-y-2 rounded-md bg-gold-50 p-3 ring-1 ring-gold-300">
      <p className="text-sm font-medium text-navy-950">{t("admin.preview.created")}</p>
      <div className="flex gap-2">
        <Label htmlFor="preview-link-url" className="sr-only">
          {t("admin.preview.linkLabel")}
        </Label>
        <Input id="preview-link-url" ref={input} readOnly dir="ltr" value={link.url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {t("admin.preview.copy")}
        </Button>
      </div>
      <p className="text-xs text-slate-600">{t("admin.preview.expires", { time: f.cairoWhen(link.expiresAt) })}</p>
    </div>
  );
}

function LinkList({ state, onRetry, onRevoke }: { state: LinksState; onRetry: () => void; onRevoke: (id: number) => Promise<void> }) {
  const t = useT();
  const f = useFormat();
  const [busy, setBusy] = React.useState<number | null>(null);
  if (state.status === "loading") return <p className="text-sm text-slate-500">{t("admin.preview.loading")}</p>;
  if (state.status === "failed") {
    return (
      <div role="alert" className="flex items-center justify-between gap-3 text-sm text-red-800">
        <p>{t("admin.preview.loadFailed")}</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {t("admin.preview.retry")}
        </Button>
      </div>
    );
  }
  if (!state.links.length) return <p className="text-sm text-slate-500">{t("admin.preview.none")}</p>;
  return (
    <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
      {state.links.map((link) => {
        const made = f.cairoWhen(link.createdAt);
        const status = link.revokedAt
          ? { text: t("admin.preview.status.revoked", { time: f.cairoWhen(link.revokedAt) }), variant: "slate" as const }
          : link.active
            ? { text: t("admin.preview.status.active", { time: f.cairoWhen(link.expiresAt) }), variant: "green" as const }
            : { text: t("admin.preview.status.expired", { time: f.cairoWhen(link.expiresAt) }), variant: "amber" as const };
        return (
          <li key={link.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <div className="min-w-0 space-y-1">
              <Badge variant={status.variant}>{status.text}</Badge>
              <p className="text-xs text-slate-600">
                {link.createdBy ? t("admin.preview.madeBy", { name: link.createdBy.name, time: made }) : t("admin.preview.madeAt", { time: made })}
              </p>
            </div>
            {link.active ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={busy === link.id}
                aria-label={t("admin.preview.revokeLabel", { time: made })}
                onClick={async () => {
                  setBusy(link.id);
                  await onRevoke(link.id);
                  setBusy(null);
                }}
              >
                {t("admin.preview.revoke")}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
