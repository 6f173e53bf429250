import { Eye, Monitor, Smartphone } from "lucide-react";
import type * as React from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { LanguageSwitch } from "~/components/site/language-switch";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { PublicationState } from "../../../shared/publication";
import { PREVIEW_FRAME_PARAM, PREVIEW_PHONE_WIDTH } from "../../../shared/preview";

/**
 * An item shown as it will look (`children`), with the preview bar at its foot: not published, its state and, when
 * scheduled, its time in Cairo; the language switch; and Desktop / Phone. `?view=phone` shows the same address with
 * `?frame=1` (the item alone, no bar) in a frame at a phone's width.
 */
export function PreviewPage({
  headline,
  publication,
  publishAt,
  children,
}: {
  /** What the phone frame is called for assistive technology. */
  headline: string;
  publication: PublicationState;
  publishAt: string | null;
  children: React.ReactNode;
}) {
  const t = useT();
  const f = useFormat();
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const phone = query.get("view") === "phone";
  const withView = (view: "desktop" | "phone") => {
    const next = new URLSearchParams(search);
    if (view === "phone") next.set("view", "phone");
    else next.delete("view");
    const s = next.toString();
    return `${pathname}${s ? `?${s}` : ""}`;
  };
  const frameSrc = `${pathname}?${PREVIEW_FRAME_PARAM}=1`;
  return (
    <div>
      {phone ? (
        <div className="flex justify-center bg-slate-100 px-4 pb-10 pt-28 md:pt-36">
          <iframe
            src={frameSrc}
            title={t("site.preview.phoneFrame", { headline })}
            width={PREVIEW_PHONE_WIDTH}
            style={{ width: PREVIEW_PHONE_WIDTH }}
            className="h-[78vh] max-w-full rounded-[2rem] border-8 border-navy-950 bg-white shadow-2xl"
          />
        </div>
      ) : (
        children
      )}
      <aside
        aria-label={t("site.preview.label")}
        data-testid="preview-banner"
        className="sticky bottom-0 z-40 border-t-4 border-gold-500 bg-navy-950/95 text-white shadow-2xl backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-6 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="inline-flex items-center gap-2 font-semibold text-gold-400">
              <Eye className="h-4 w-4" aria-hidden="true" />
              {publication === "published" ? t("site.preview.title") : t("site.preview.notPublished")}
            </span>
            <span className="rounded-full bg-white/10 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider">
              {t(`site.preview.state.${publication}`)}
            </span>
            {publication === "scheduled" && publishAt ? (
              <span className="text-white/80">{t("site.preview.scheduledFor", { time: f.cairoWhen(publishAt) })}</span>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-4 text-sm">
            <LanguageSwitch linkClassName="text-gold-400" />
            <nav aria-label={t("site.preview.width")} className="inline-flex rounded-md bg-white/10 p-0.5">
              <WidthLink to={withView("desktop")} current={!phone} icon={Monitor} label={t("site.preview.desktop")} />
              <WidthLink to={withView("phone")} current={phone} icon={Smartphone} label={t("site.preview.phone")} />
            </nav>
          </div>
        </div>
      </aside>
    </div>
  );
}

function WidthLink({ to, current, icon: Icon, label }: { to: string; current: boolean; icon: typeof Monitor; label: string }) {
  return (
    <RouterLink
      to={to}
      replace
      preventScrollReset
      aria-current={current ? "true" : undefined}
      className={cn(
        "inline-flex items-center gap-1.5 rounded px-2.5 py-1 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500",
        current ? "bg-gold-500 text-navy-950" : "text-white/80 hover:text-white",
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </RouterLink>
  );
}
