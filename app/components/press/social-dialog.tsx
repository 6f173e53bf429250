import { Check, Copy, Download, Hash, Sparkles } from "lucide-react";
import * as React from "react";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  TWITTER_LIMIT,
  generateSocialPosts,
  socialFileName,
  type SocialPlatform,
  type SocialSource,
} from "../../../shared/social";
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from "./brand-icons";

export const COPIED_MS = 2000;

const ICONS: Record<SocialPlatform, (p: React.SVGProps<SVGSVGElement>) => React.ReactElement> = {
  twitter: XIcon,
  linkedin: LinkedInIcon,
  facebook: FacebookIcon,
  instagram: InstagramIcon,
};

/** 'Extract for Social Media': generated, read-only posts per platform with Copy and Download, in the page's language. */
export function SocialDialog({ source }: { source: SocialSource }) {
  const t = useT();
  const locale = useLocale();
  const posts = React.useMemo(() => generateSocialPosts({ ...source, locale }), [source, locale]);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="gold" className="w-full">
          <Sparkles className="h-4 w-4" aria-hidden="true" /> {t("site.social.extract")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl p-0">
        <div className="border-b border-slate-200 p-6 pb-5">
          <DialogHeader className="mb-0">
            <DialogTitle className="font-display text-2xl">{t("site.social.title")}</DialogTitle>
            <DialogDescription>{t("site.social.description")}</DialogDescription>
          </DialogHeader>
        </div>
        <Tabs defaultValue="twitter" className="p-6 pt-5">
          <TabsList className="grid w-full grid-cols-2 sm:grid-cols-4">
            {SOCIAL_PLATFORMS.map((p) => {
              const Icon = ICONS[p];
              return (
                <TabsTrigger key={p} value={p} className="inline-flex items-center justify-center gap-2 px-2">
                  <Icon className="h-3.5 w-3.5 shrink-0" />
                  <span className="truncate">{PLATFORM_LABELS[p]}</span>
                </TabsTrigger>
              );
            })}
          </TabsList>
          {/* All four panels share one grid cell, so the dialog is as tall as the tallest one on every tab and does
              not move when the tab changes; only the active panel is visible (and reachable by keyboard and screen readers). */}
          <div className="mt-5 grid">
            {SOCIAL_PLATFORMS.map((p) => (
              <TabsContent key={p} value={p} forceMount className="mt-0 [grid-area:1/1] data-[state=inactive]:invisible">
                <PlatformPanel platform={p} text={posts[p].text} hashtags={posts[p].hashtags} company={source.company} />
              </TabsContent>
            ))}
          </div>
        </Tabs>
        <DialogFooter className="mx-0 mb-0 mt-0 rounded-b-xl border-slate-200">
          <DialogClose asChild>
            <Button variant="outline">{t("common.dialog.close")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PlatformPanel({ platform, text, hashtags, company }: { platform: SocialPlatform; text: string; hashtags: string[]; company?: string | null }) {
  const t = useT();
  const f = useFormat();
  const [copied, setCopied] = React.useState(false);
  const textareaRef = React.useRef<HTMLTextAreaElement>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);
  const label = PLATFORM_LABELS[platform];
  const id = `social-${platform}`;
  const showTags = platform === "twitter" || platform === "instagram";

  async function copy() {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else throw new Error("no clipboard API");
    } catch {
      // Older browsers and non-secure contexts: copy the selected textarea instead.
      const el = textareaRef.current;
      el?.select();
      if (!el || !document.execCommand("copy")) {
        toast.error(t("site.social.copyFailed"), { description: t("site.social.copyFailedText") });
        return;
      }
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = socialFileName(company, platform);
    document.body.append(a);
    a.click();
    a.remove();
    // Revoked later: the browser reads the blob after this handler returns.
    setTimeout(() => URL.revokeObjectURL(url), 30_000);
  }

  // The panel fills the height shared by all tabs; the spare height goes to the text box, so Copy and Download
  // stay in the same place on every tab. On a phone the box starts from 7rem, not from its rows (basis-28), so the
  // tallest panel still fits the screen.
  return (
    <div className="flex h-full flex-col gap-4">
      <div className="flex flex-1 flex-col">
        <div className="mb-1.5 flex items-baseline justify-between gap-3">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {t("site.social.post", { platform: label })}
          </label>
          <span className="text-xs tabular-nums text-slate-500">
            {platform === "twitter"
              ? t("site.social.charactersOf", { shown: f.count(text.length), limit: f.count(TWITTER_LIMIT) })
              : t("site.social.characters", { count: text.length })}
          </span>
        </div>
        <textarea
          ref={textareaRef}
          id={id}
          readOnly
          dir="auto"
          value={text}
          rows={platform === "twitter" ? 9 : 12}
          className="w-full flex-1 resize-none rounded-lg max-sm:min-h-0 max-sm:basis-28 border border-slate-300 bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
        />
      </div>
      {showTags ? (
        <div>
          <h3 className="mb-2 flex items-center gap-1.5 text-sm font-medium text-slate-800">
            <Hash className="h-4 w-4 text-gold-600" aria-hidden="true" /> {t("site.social.hashtags")}
          </h3>
          <ul className="flex flex-wrap gap-1.5" aria-label={t("site.social.hashtagsFor", { platform: label })}>
            {hashtags.map((tag) => (
              <li key={tag} dir="auto" className="rounded-full bg-navy-50 px-2.5 py-1 text-xs font-medium text-navy-800 ring-1 ring-navy-100">
                {tag}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* On a phone the text box is shorter and the two buttons share a row, so both are in view when the dialog opens. */}
      <div className="flex gap-2">
        <Button type="button" onClick={copy} className="flex-1 sm:min-w-32 sm:flex-none">
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? t("site.social.copied") : t("site.social.copy")}
        </Button>
        <Button type="button" variant="outline" onClick={download} className="flex-1 sm:flex-none">
          <Download className="h-4 w-4" aria-hidden="true" /> {t("site.social.download")}
        </Button>
        <span className="sr-only" role="status" aria-live="polite">
          {copied ? t("site.social.copiedStatus", { platform: label }) : ""}
        </span>
      </div>
    </div>
  );
}
