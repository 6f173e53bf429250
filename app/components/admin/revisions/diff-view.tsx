import { useT } from "~/i18n/provider";
import type { DiffPart } from "../../../../shared/revision-diff";

/**
 * One side of a comparison: the older text with what the newer one dropped struck through (`<del>`), or the newer
 * text with what it added underlined (`<ins>`). Marked by the element, a line and a hidden word for screen readers,
 * never by colour alone; line breaks kept.
 */
export function DiffText({ parts, side, lang }: { parts: DiffPart[]; side: "older" | "newer"; lang: "en" | "ar" }) {
  const t = useT();
  return (
    <p lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-800">
      {parts.map((part, i) => {
        if (part.kind === "same") return <span key={i}>{part.text}</span>;
        if (part.kind === "removed" && side === "older")
          return (
            <del key={i} className="rounded-sm bg-red-50 text-red-900 line-through decoration-2">
              <span className="sr-only">{`${t("admin.revisions.deletedMark")} `}</span>
              {part.text}
            </del>
          );
        if (part.kind === "added" && side === "newer")
          return (
            <ins key={i} className="rounded-sm bg-emerald-50 text-emerald-900 underline decoration-2 underline-offset-2">
              <span className="sr-only">{`${t("admin.revisions.insertedMark")} `}</span>
              {part.text}
            </ins>
          );
        return null;
      })}
    </p>
  );
}
