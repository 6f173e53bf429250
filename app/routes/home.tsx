import { useStoredScrollTarget } from "~/components/site/anchor-link";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const brand = (matches[0]?.data as { brand?: { name: string; metaDescription: string } } | undefined)?.brand;
  return [
    { title: `${brand?.name ?? "Meridian Crest Holdings"} | Strategic Investments` },
    { name: "description", content: brand?.metaDescription ?? "A premier international investment company." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [portfolio, press] = await Promise.all([context.services.portfolio.list(), context.services.press.homepage()]);
  return { portfolio, press };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useStoredScrollTarget();
  return (
    <>
      <section id="home" className="flex min-h-[70vh] items-center bg-navy-950 px-6 pt-32 text-white">
        <div className="mx-auto max-w-7xl">
          <h1 className="font-display text-5xl font-semibold">Driving Impact Across Emerging Markets</h1>
          <p className="mt-4 text-lg text-slate-300">Our mission: to tackle real-world challenges and drive impactful growth.</p>
        </div>
      </section>
      <section id="stats" className="px-6 py-16" />
      <section id="about" className="px-6 py-16" />
      <section id="portfolio" className="mx-auto max-w-7xl px-6 py-16">
        <h2 className="font-display text-3xl">Our Portfolio</h2>
        <ul>
          {loaderData.portfolio.map((p) => (
            <li key={p.id}>{p.name}</li>
          ))}
        </ul>
      </section>
      <section id="press" className="mx-auto max-w-7xl px-6 py-16">
        <h2 className="font-display text-3xl">Press Releases</h2>
        <ul>
          {loaderData.press.map((p) => (
            <li key={p.id}>{p.title}</li>
          ))}
        </ul>
      </section>
      <section id="leadership" className="px-6 py-16" />
      <section id="contact" className="px-6 py-16" />
    </>
  );
}
