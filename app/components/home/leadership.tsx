import { SectionHeading } from "./section-heading";

/** Fictional people: initials instead of photographs, so no real person's face is ever shown. */
export const LEADERS = [
  {
    name: "Karim El-Mahdy",
    role: "Founder & Chief Executive Officer",
    bio: "Two decades building and financing businesses across North Africa and the Gulf; sets the firm's strategy and leads its largest partnerships.",
  },
  {
    name: "Layla Haddad",
    role: "Chief Investment Officer",
    bio: "Leads deal origination and the investment committee, with a focus on fintech, logistics and consumer platforms.",
  },
  {
    name: "Omar Saleh",
    role: "Chief Financial Officer",
    bio: "Oversees capital allocation, reporting and investor relations, and chairs the audit and risk committee.",
  },
  {
    name: "Nadia Farouk",
    role: "Managing Director, Portfolio Operations",
    bio: "Works alongside portfolio management teams on growth plans, governance and value creation after investment.",
  },
] as const;

const initials = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .slice(0, 2)
    .join("");

export function Leadership() {
  return (
    <section id="leadership" aria-labelledby="leadership-title" className="scroll-mt-20 bg-white py-24 md:scroll-mt-28 lg:py-32">
      <div className="mx-auto max-w-7xl px-6">
        <SectionHeading
          id="leadership-title"
          eyebrow="Leadership"
          title="Our Leadership"
          subtitle="An experienced team of investors and operators with deep roots in the markets we serve."
        />
        <ul className="mt-16 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {LEADERS.map((l) => (
            <li
              key={l.name}
              className="group flex gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-lg sm:block sm:p-8 sm:text-center"
            >
              <div
                role="img"
                aria-label={`Monogram of ${l.name}`}
                className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-navy-800 to-navy-950 ring-2 ring-gold-100 ring-offset-2 ring-offset-white transition group-hover:ring-gold-300 sm:mx-auto sm:h-28 sm:w-28 sm:ring-4 sm:ring-offset-4"
              >
                <span aria-hidden="true" className="font-display text-xl font-semibold tracking-wide text-gold-300 sm:text-3xl">
                  {initials(l.name)}
                </span>
              </div>
              <div>
                <h3 className="text-lg font-semibold text-navy-950 sm:mt-6">{l.name}</h3>
                <p className="mt-1 text-xs font-semibold uppercase tracking-[0.16em] text-gold-700">{l.role}</p>
                <p className="mt-3 text-sm leading-relaxed text-slate-600 sm:mt-4">{l.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
