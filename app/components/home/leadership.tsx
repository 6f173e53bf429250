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
    <section id="leadership" aria-labelledby="leadership-title" className="scroll-mt-20 bg-white px-6 py-24 md:scroll-mt-28 lg:px-8 lg:py-32">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="leadership-title"
          eyebrow="Leadership"
          title="Our Leadership"
          subtitle="An experienced team of investors and operators with deep roots in the markets we serve."
        />
        <ul className="mt-16 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {LEADERS.map((l) => (
            <li key={l.name} className="group rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm transition-shadow hover:shadow-lg">
              <div
                role="img"
                aria-label={`Monogram of ${l.name}`}
                className="mx-auto flex h-28 w-28 items-center justify-center rounded-full bg-gradient-to-br from-navy-800 to-navy-950 ring-4 ring-gold-100 ring-offset-4 ring-offset-white transition group-hover:ring-gold-300"
              >
                <span aria-hidden="true" className="font-display text-3xl font-semibold tracking-wide text-gold-300">
                  {initials(l.name)}
                </span>
              </div>
              <h3 className="mt-6 text-lg font-semibold text-navy-950">{l.name}</h3>
              <p className="mt-1 text-xs font-semibold uppercase tracking-[0.16em] text-gold-700">{l.role}</p>
              <p className="mt-4 text-sm leading-relaxed text-slate-600">{l.bio}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
