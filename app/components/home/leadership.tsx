import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import { SectionHeading } from "./section-heading";

/**
 * Fictional people: initials instead of photographs, so no real person's face is ever shown. The monogram is
 * built from the Latin spelling of the name in both languages.
 */
export const LEADERS = [
  { key: "ceo", latin: "Karim El-Mahdy" },
  { key: "cio", latin: "Layla Haddad" },
  { key: "cfo", latin: "Omar Saleh" },
  { key: "md", latin: "Nadia Farouk" },
] as const;

type LeaderKey = (typeof LEADERS)[number]["key"];
const text = (key: LeaderKey, part: "name" | "role" | "bio") => `site.leadership.${key}.${part}` as MessageId;

const initials = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .slice(0, 2)
    .join("");

export function Leadership() {
  const t = useT();
  return (
    <section id="leadership" aria-labelledby="leadership-title" className="scroll-mt-20 bg-white py-24 md:scroll-mt-28 lg:py-32">
      <div className="mx-auto max-w-7xl px-6">
        <SectionHeading
          id="leadership-title"
          eyebrow={t("site.leadership.eyebrow")}
          title={t("site.leadership.title")}
          subtitle={t("site.leadership.subtitle")}
        />
        <ul className="mt-16 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {LEADERS.map((l) => {
            const name = t(text(l.key, "name"));
            return (
              <li
                key={l.key}
                className="group flex gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-lg sm:block sm:p-8 sm:text-center"
              >
                <div
                  role="img"
                  aria-label={t("site.leadership.monogram", { name })}
                  className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-navy-800 to-navy-950 ring-2 ring-gold-100 ring-offset-2 ring-offset-white transition group-hover:ring-gold-300 sm:mx-auto sm:h-28 sm:w-28 sm:ring-4 sm:ring-offset-4"
                >
                  <span aria-hidden="true" className="font-display text-xl font-semibold tracking-wide text-gold-300 sm:text-3xl">
                    {initials(l.latin)}
                  </span>
                </div>
                <div>
                  <h3 className="text-lg font-semibold text-navy-950 sm:mt-6">{name}</h3>
                  <p className="mt-1 text-xs font-semibold uppercase tracking-[0.16em] text-gold-700">{t(text(l.key, "role"))}</p>
                  <p className="mt-3 text-sm leading-relaxed text-slate-600 sm:mt-4">{t(text(l.key, "bio"))}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
