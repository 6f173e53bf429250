import type { APIRequestContext } from "@playwright/test";

type Release = { id: number; featured: boolean; showOnHomepage: boolean; publication: string };

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return res.json() as Promise<T>;
}

async function send(res: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>, what: string) {
  const answer = await res;
  if (!answer.ok() && answer.status() !== 404) throw new Error(`${what}: ${answer.status()} ${await answer.text()}`);
}

/**
 * Notes the site-wide content the admin pages change (press releases with their featured and homepage flags, the
 * spotlight, portfolio companies, documents) and returns a function that puts it back: what was added is deleted,
 * the flags and the spotlight are set as they were. Runs as the admin.
 */
export async function snapshotContent(admin: APIRequestContext): Promise<() => Promise<void>> {
  const [releases, spotlight, portfolio, documents] = await Promise.all([
    json<Release[]>(admin, "/api/admin/press-releases"),
    json<{ id: number | null }>(admin, "/api/admin/settings/spotlight"),
    json<Array<{ id: number }>>(admin, "/api/portfolio"),
    json<Array<{ id: number }>>(admin, "/api/documents"),
  ]);
  const before = new Map(releases.map((r) => [r.id, r]));
  const portfolioIds = new Set(portfolio.map((p) => p.id));
  const documentIds = new Set(documents.map((d) => d.id));

  return async () => {
    const [nowReleases, nowPortfolio, nowDocuments] = await Promise.all([
      json<Release[]>(admin, "/api/admin/press-releases"),
      json<Array<{ id: number }>>(admin, "/api/portfolio"),
      json<Array<{ id: number }>>(admin, "/api/documents"),
    ]);
    for (const r of nowReleases) if (!before.has(r.id)) await send(admin.delete(`/api/press-releases/${r.id}`), `delete release ${r.id}`);
    for (const p of nowPortfolio) if (!portfolioIds.has(p.id)) await send(admin.delete(`/api/portfolio/${p.id}`), `delete company ${p.id}`);
    for (const d of nowDocuments) if (!documentIds.has(d.id)) await send(admin.delete(`/api/admin/documents/${d.id}`), `delete document ${d.id}`);

    // A release a test unpublished, scheduled or withdrew is published again (flags come back below).
    for (const r of nowReleases) {
      const was = before.get(r.id);
      if (was && was.publication === "published" && r.publication !== "published")
        await send(admin.post(`/api/admin/press-releases/${r.id}/publish`), `publish release ${r.id} again`);
    }
    // At most 3 releases are on the homepage and one is featured: take flags off first, then put them back.
    const changed = nowReleases.filter((r) => before.has(r.id));
    for (const r of changed) {
      const was = before.get(r.id)!;
      const off = {
        ...(r.featured && !was.featured ? { featured: false } : {}),
        ...(r.showOnHomepage && !was.showOnHomepage ? { showOnHomepage: false } : {}),
      };
      if (Object.keys(off).length) await send(admin.patch(`/api/press-releases/${r.id}`, { data: off }), `reset flags of ${r.id}`);
    }
    for (const r of changed) {
      const was = before.get(r.id)!;
      const on = { ...(!r.featured && was.featured ? { featured: true } : {}), ...(!r.showOnHomepage && was.showOnHomepage ? { showOnHomepage: true } : {}) };
      if (Object.keys(on).length) await send(admin.patch(`/api/press-releases/${r.id}`, { data: on }), `restore flags of ${r.id}`);
    }
    const nowSpotlight = await json<{ id: number | null }>(admin, "/api/admin/settings/spotlight");
    if (nowSpotlight.id !== spotlight.id) await send(admin.put("/api/admin/settings/spotlight", { data: { id: spotlight.id } }), "restore the spotlight");
  };
}
