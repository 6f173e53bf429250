import { History } from "lucide-react";
import { useFormat, useT } from "~/i18n/provider";

type Props = {
  /** When the published release was last corrected (ISO); nothing is shown without it. */
  correctedAt: string | null | undefined;
  /** That instant's day in Cairo (YYYY-MM-DD), worked out on the server. */
  correctedOn: string | null | undefined;
  /** The public note on the correction, in the release's language as read; optional. */
  note?: string | null;
  /** The note's language when it is not the page's (an English release on an Arabic page): `contentProps(release)`. */
  lang?: string;
  dir?: "ltr";
};

/**
 * 'Updated on 27 November 2026' and the editor's note, on a release corrected after publication. The day is the day
 * in Cairo (the company's clock), whatever the reader's time zone, so every reader sees the date the company wrote.
 */
export function CorrectionNotice({ correctedAt, correctedOn, note, lang, dir }: Props) {
  const t = useT();
  const f = useFormat();
  if (!correctedAt || !correctedOn) return null;
  const day = correctedOn;
  return (
    <aside aria-label={t("site.pressDetail.correction")} className="mt-5 max-w-3xl border-s-2 border-gold-400 ps-4 text-sm text-white/80">
      <p className="flex items-center gap-2 font-semibold text-white">
        <History className="h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
        <time dateTime={correctedAt}>{t("site.pressDetail.updatedOn", { date: f.date(day) })}</time>
      </p>
      {note ? (
        <p lang={lang} dir={dir} className="mt-1 whitespace-pre-line leading-relaxed">
          {note}
        </p>
      ) : null}
    </aside>
  );
}
