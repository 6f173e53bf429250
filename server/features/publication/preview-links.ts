/**
 * Previews of unpublished press releases: an admin's own view of any release in any state, and preview links that
 * let a colleague without an account read one release until the link expires or is revoked.
 *
 * A link is a random token (32 bytes, base64url) shown once; only its SHA-256 is stored, so the table cannot be
 * used to open a preview, and a link is withdrawn by marking its row. Resolving a token answers the item or
 * nothing at all: an unknown, expired and revoked token are told apart by no one outside the dashboard.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { previewLinks, pressReleases, users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { PREVIEW_LINK_HOURS, PREVIEW_TOKEN, type PreviewEntityType } from "../../../shared/preview";
import type { Locale } from "../../../shared/i18n/locales";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";
import { localizePress, type PressReleaseDto } from "../press/press-dto";

/** A preview link as the dashboard lists it: never its token, which exists only in the answer that created it. */
export type PreviewLinkDto = {
  id: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Whether the link still opens the preview (not revoked, not expired). */
  active: boolean;
  createdBy: { id: number; name: string } | null;
};

/** What a preview shows: the release in one language, in whatever state it is. */
export type PreviewPress = { release: PressReleaseDto };

const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export function createPreviewLinkService({
  db,
  audit,
  hours,
}: {
  db: Db;
  audit?: AuditService;
  /** How long a new link works (the `previewLinkHours` setting). */
  hours: () => Promise<number>;
}) {
  async function exists(type: PreviewEntityType, id: number) {
    if (type !== "press") return false;
    const [row] = await db.select({ id: pressReleases.id }).from(pressReleases).where(eq(pressReleases.id, id));
    return Boolean(row);
  }

  /** The links of one item, newest first, with who made them; no token (it is not kept). */
  async function list(item: { type: PreviewEntityType; id: number }): Promise<PreviewLinkDto[]> {
    const rows = await db
      .select({
        id: previewLinks.id,
        createdAt: previewLinks.createdAt,
        expiresAt: previewLinks.expiresAt,
        revokedAt: previewLinks.revokedAt,
        active: sql<boolean>`(${previewLinks.revokedAt} is null and ${previewLinks.expiresAt} > now())`,
        userId: users.id,
        fullName: users.fullName,
        username: users.username,
      })
      .from(previewLinks)
      .leftJoin(users, eq(users.id, previewLinks.createdBy))
      .where(and(eq(previewLinks.entityType, item.type), eq(previewLinks.entityId, item.id)))
      .orderBy(desc(previewLinks.createdAt), desc(previewLinks.id));
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
      active: Boolean(r.active),
      createdBy: r.userId == null ? null : { id: r.userId, name: r.fullName?.trim() || r.username || "" },
    }));
  }

  return {
    /**
     * A new link to `type` `id`: the token (to be shown once, never stored) and when it stops working. Recorded in
     * the audit trail with its expiry, never its token.
     */
    async create(item: { type: PreviewEntityType; id: number }, by?: AuditBy) {
      if (!(await exists(item.type, item.id))) throw notFound("errors.notFound.press");
      const setting = await hours();
      const valid = Number.isInteger(setting) && setting >= PREVIEW_LINK_HOURS.min && setting <= PREVIEW_LINK_HOURS.max;
      const lifetimeHours = valid ? setting : PREVIEW_LINK_HOURS.default;
      const token = randomBytes(32).toString("base64url");
      const link = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(previewLinks)
          .values({
            entityType: item.type,
            entityId: item.id,
            tokenHash: hashOf(token),
            createdBy: by?.actor?.id ?? null,
            expiresAt: sql`now() + ${lifetimeHours} * interval '1 hour'`,
          })
          .returning({ id: previewLinks.id, expiresAt: previewLinks.expiresAt });
        await recordBy(
          audit,
          by,
          { action: "preview.create", entity: { type: item.type, id: item.id }, after: { link: row.id, expiresAt: row.expiresAt.toISOString() } },
          tx,
        );
        return row;
      });
      return { id: link.id, token, expiresAt: link.expiresAt.toISOString() };
    },

    list,

    /** Stops a link at once (a revoked link stays listed). Revoking one already revoked changes nothing. */
    async revoke(linkId: number, by?: AuditBy): Promise<PreviewLinkDto> {
      const revoked = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(previewLinks)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(previewLinks.id, linkId), isNull(previewLinks.revokedAt)))
          .returning({ entityType: previewLinks.entityType, entityId: previewLinks.entityId, revokedAt: previewLinks.revokedAt });
        if (row) {
          await recordBy(
            audit,
            by,
            {
              action: "preview.revoke",
              entity: { type: row.entityType, id: row.entityId },
              before: { link: linkId, revokedAt: null },
              after: { link: linkId, revokedAt: row.revokedAt?.toISOString() ?? null },
            },
            tx,
          );
        }
        return row;
      });
      const [link] = await db
        .select({ entityType: previewLinks.entityType, entityId: previewLinks.entityId })
        .from(previewLinks)
        .where(eq(previewLinks.id, linkId));
      if (!link) throw notFound();
      const item = { type: (revoked ?? link).entityType as PreviewEntityType, id: (revoked ?? link).entityId };
      const listed = (await list(item)).find((l) => l.id === linkId);
      if (!listed) throw notFound();
      return listed;
    },

    /** The item a token opens, or null for an unknown, expired or revoked one (the caller answers all three alike). */
    async resolve(token: string): Promise<{ type: PreviewEntityType; id: number } | null> {
      if (!PREVIEW_TOKEN.test(token)) return null;
      const [row] = await db
        .select({ type: previewLinks.entityType, id: previewLinks.entityId })
        .from(previewLinks)
        .where(and(eq(previewLinks.tokenHash, hashOf(token)), isNull(previewLinks.revokedAt), gt(previewLinks.expiresAt, sql`now()`)));
      return row && row.type === "press" ? { type: "press", id: row.id } : null;
    },

    /** One release in any state, in `locale`, as its page will show it; null when there is none. */
    async press(id: number, locale: Locale): Promise<PreviewPress | null> {
      const [row] = await db.select().from(pressReleases).where(eq(pressReleases.id, id));
      return row ? { release: localizePress(row, locale) } : null;
    },
  };
}

export type PreviewLinkService = ReturnType<typeof createPreviewLinkService>;
