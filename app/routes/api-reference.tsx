import { data } from "react-router";
import { brandName } from "~/components/press/seo";
import { useLocalizePath } from "~/i18n/link";
import { metaT } from "~/i18n/meta";
import { useLocale, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { href } from "~/lib/api/client";
import { metaRoutes } from "~/lib/api/routes/meta";
import { apiDocument, apiReferenceSections } from "../../shared/api/document";
import { referencePath, sectionSlug, type FieldRow, type ReferenceEndpoint } from "../../shared/api/reference";
import { publicPageHeaders } from "../../shared/cache-policy";
import type { MessageId } from "../../shared/i18n/messages";
import type { Route } from "./+types/api-reference";

/**
 * The REST API's reference for integrators, from /api/openapi.json. `/developers/api` lists every endpoint (method,
 * path, summary) by section; `/developers/api/{section}` gives a section's endpoints in full: who may call each, its
 * limits, inputs, answer and error codes. One page per section keeps each page small (the whole reference in one
 * page was over 2 MB of HTML). Self-contained (no script or style from elsewhere), so it works offline too. The
 * endpoint texts are the contract's, in English; the page around them follows the page's language.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const doc = apiDocument();
  const sections = apiReferenceSections();
  const contents = sections.map((s) => ({
    tag: s.tag,
    slug: sectionSlug(s.tag),
    endpoints: s.endpoints.map(({ id, method, path, summary }) => ({ id, method, path, summary })),
  }));
  const base = { contents, version: doc.info.version, origin: context.origin };
  if (params.section === undefined) return { ...base, section: null };
  const section = sections.find((s) => sectionSlug(s.tag) === params.section);
  if (!section) throw data(null, { status: 404 });
  return { ...base, section };
}

export const headers = publicPageHeaders;

export function meta({ data: page, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const section = page?.section;
  return [
    {
      title: section
        ? `${section.tag} · ${t("site.apiReference.metaTitle", { brand: brandName(matches) })}`
        : t("site.apiReference.metaTitle", { brand: brandName(matches) }),
    },
    { name: "description", content: t("site.apiReference.metaDescription") },
    ...(page ? [{ tagName: "link", rel: "canonical", href: `${page.origin}${t.path(referencePath(section?.tag))}` }] : []),
  ];
}

const ACCESS: Record<string, MessageId> = {
  public: "site.apiReference.access.public",
  "signed-in": "site.apiReference.access.signedIn",
  investor: "site.apiReference.access.investor",
  admin: "site.apiReference.access.admin",
};

const METHOD_CLASS: Record<string, string> = {
  GET: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  POST: "bg-sky-50 text-sky-800 ring-sky-200",
  PUT: "bg-amber-50 text-amber-800 ring-amber-200",
  PATCH: "bg-violet-50 text-violet-800 ring-violet-200",
  DELETE: "bg-rose-50 text-rose-800 ring-rose-200",
};

function Fields({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  const t = useT();
  if (!rows.length) return null;
  return (
    // The scrolling box is left to right like its table, so a narrow screen shows the field names first in Arabic too.
    <div className="mt-3 overflow-x-auto" dir="ltr">
      <table className="w-full min-w-[36rem] table-fixed border-collapse text-start text-sm">
        <colgroup>
          <col className="w-[30%]" />
          <col className="w-[22%]" />
          <col className="w-[12%]" />
          <col />
        </colgroup>
        <caption dir="auto" className="pb-1 text-start text-xs font-semibold uppercase tracking-wider text-slate-500">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500">
            <th scope="col" className="py-1.5 pe-4 text-start font-medium">
              {t("site.apiReference.field")}
            </th>
            <th scope="col" className="py-1.5 pe-4 text-start font-medium">
              {t("site.apiReference.type")}
            </th>
            <th scope="col" className="py-1.5 pe-4 text-start font-medium">
              {t("site.apiReference.required")}
            </th>
            <th scope="col" className="py-1.5 text-start font-medium">
              {t("site.apiReference.notes")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className="border-b border-slate-100 align-top">
              <td className="break-words py-1.5 pe-4 font-mono text-xs text-navy-950">{r.name}</td>
              <td className="break-words py-1.5 pe-4 font-mono text-xs text-slate-700">{r.type}</td>
              <td className="py-1.5 pe-4 text-xs text-slate-700">{r.required ? t("site.apiReference.yes") : t("site.apiReference.no")}</td>
              <td className="py-1.5 text-xs text-slate-600">{r.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Endpoint({ e }: { e: ReferenceEndpoint }) {
  const t = useT();
  return (
    <article id={e.id} aria-labelledby={`${e.id}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${e.id}-title`} className="flex flex-wrap items-center gap-2" dir="ltr">
        <span className={cn("rounded px-2 py-0.5 font-mono text-xs font-semibold ring-1", METHOD_CLASS[e.method])}>{e.method}</span>
        <code className="break-all font-mono text-sm text-navy-950">{e.path}</code>
      </h2>
      <p className="mt-2 text-sm text-slate-800" dir="ltr" lang="en">
        {e.summary}
      </p>
      {e.description ? (
        <p className="mt-1 whitespace-pre-line text-sm text-slate-600" dir="ltr" lang="en">
          {e.description.replace(/`/g, "")}
        </p>
      ) : null}
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500">{t("site.apiReference.who")}</dt>
        <dd className="text-slate-800">{t(ACCESS[e.access] ?? ACCESS.public)}</dd>
        {e.rateLimits.length ? (
          <>
            <dt className="font-medium text-slate-500">{t("site.apiReference.rateLimit")}</dt>
            <dd className="text-slate-800">
              <span dir="ltr" lang="en">
                {e.rateLimits.join("; ")}
              </span>
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-slate-500">{t("site.apiReference.answer")}</dt>
        <dd className="text-slate-800">
          <code className="font-mono text-xs" dir="ltr">
            {e.success.status} {e.success.contentType}
          </code>
        </dd>
      </dl>
      <Fields rows={e.params} caption={t("site.apiReference.parameters")} />
      {e.body ? <Fields rows={e.body.fields} caption={t("site.apiReference.body", { type: e.body.contentType })} /> : null}
      <Fields rows={e.success.fields} caption={t("site.apiReference.response")} />
      <div className="mt-3">
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{t("site.apiReference.errors")}</p>
        <ul className="mt-1 space-y-0.5 font-mono text-xs text-slate-700" dir="ltr">
          {e.errors.map((err) => (
            <li key={err.status}>
              {err.status} {err.codes}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { contents, version, section } = loaderData;
  const t = useT();
  const locale = useLocale();
  const localize = useLocalizePath();
  return (
    <div className="min-h-screen bg-slate-50">
      <section className="bg-navy-950 pb-16 pt-32 text-white md:pt-40">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-gold-400">
            {section ? (
              <a href={localize(referencePath())} className="underline-offset-2 hover:underline">
                {t("site.apiReference.title")}
              </a>
            ) : (
              t("site.apiReference.eyebrow")
            )}
          </p>
          <h1 className="mt-3 font-display text-3xl font-semibold sm:text-4xl" {...(section ? { dir: "ltr", lang: "en" } : {})}>
            {section ? section.tag : t("site.apiReference.title")}
          </h1>
          <p className="mt-2 max-w-3xl text-sm text-navy-200 sm:text-base">{t("site.apiReference.intro", { version })}</p>
          <p className="mt-4 flex flex-wrap gap-4 text-sm">
            <a href={href(metaRoutes.openapi)} download="openapi.json" className="font-semibold text-gold-300 underline-offset-2 hover:underline">
              {t("site.apiReference.download")}
            </a>
          </p>
          {locale === "ar" ? <p className="mt-3 text-sm text-navy-200">{t("site.apiReference.englishOnly")}</p> : null}
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-[14rem_1fr]">
        {/* On a phone the index's own section list is its contents, and a section page shows its endpoints first. */}
        <nav
          aria-label={t("site.apiReference.contents")}
          className={cn("lg:sticky lg:top-32 lg:order-first lg:self-start", section ? "order-last" : "hidden lg:block")}
        >
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{t("site.apiReference.contents")}</p>
          <ul className="mt-2 space-y-1.5 text-sm" dir="ltr">
            {contents.map((s) => (
              <li key={s.tag}>
                <a
                  href={localize(referencePath(s.tag))}
                  aria-current={section?.tag === s.tag ? "page" : undefined}
                  className="text-navy-800 underline-offset-2 hover:text-gold-700 hover:underline aria-[current=page]:font-semibold"
                >
                  {s.tag}
                </a>{" "}
                <span className="text-xs text-slate-500">{t("site.apiReference.count", { count: String(s.endpoints.length) })}</span>
              </li>
            ))}
          </ul>
        </nav>
        {section ? (
          <div className="min-w-0 space-y-4">
            {section.endpoints.map((e) => (
              <Endpoint key={e.id} e={e} />
            ))}
          </div>
        ) : (
          <div className="min-w-0 space-y-10">
            {contents.map((s) => (
              <section key={s.tag} id={s.slug} aria-labelledby={`${s.slug}-h`} className="scroll-mt-32">
                <h2 id={`${s.slug}-h`} className="font-display text-2xl font-semibold text-navy-950" dir="ltr" lang="en">
                  <a href={localize(referencePath(s.tag))} className="underline-offset-4 hover:text-gold-700 hover:underline">
                    {s.tag}
                  </a>
                </h2>
                <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm shadow-sm" dir="ltr" lang="en">
                  {s.endpoints.map((e) => (
                    <li key={e.id}>
                      <a
                        href={`${localize(referencePath(s.tag))}#${e.id}`}
                        className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 hover:bg-slate-50"
                      >
                        <span className={cn("w-16 shrink-0 rounded px-2 py-0.5 text-center font-mono text-xs font-semibold ring-1", METHOD_CLASS[e.method])}>
                          {e.method}
                        </span>{" "}
                        <code className="break-all font-mono text-navy-950">{e.path}</code> <span className="text-slate-600">{e.summary}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
