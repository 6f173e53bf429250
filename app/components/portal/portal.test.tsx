import type * as React from "react";
import { renderToString as renderBare } from "react-dom/server";
import { createRoutesStub, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "~/routes/investor-portal";
import { InvestorAccessCard } from "./access-request";
import { DocumentLibrary, DocumentList, EMPTY_TEXT } from "./document-library";
import { fileKind, periodLabel, sortDocuments } from "~/lib/document-files";
import { formatFileSize, formatters } from "../../../shared/i18n/format";
import { I18nProvider, useT } from "~/i18n/provider";
import { PortalError, PortalLoading } from "./portal-states";
import { portfolioStatusLine } from "./portfolio-panel";
import { displayName, type PortalDocument, type PortalUser } from "./types";
import { portalSearch, readPortalState } from "~/lib/portal-url";
import type { Locale } from "../../../shared/i18n/locales";
import { catalog } from "../../../server/i18n";
import { namespacesFor } from "../../../shared/i18n/namespaces";

/** The messages the portal page receives in each language. */
const CATALOGS = { en: catalog("en", namespacesFor("/investor-portal")), ar: catalog("ar", namespacesFor("/investor-portal")) };

/** Server-renders `node` inside the page's language, as the root does. */
const renderToString = (node: React.ReactNode, locale: Locale = "en") =>
  renderBare(
    <I18nProvider locale={locale} messages={CATALOGS[locale]}>
      {node}
    </I18nProvider>,
  );

/** `node` inside a router, as on the page (the library's Read buttons are links). */
const routed = (node: React.ReactNode) => <MemoryRouter>{node}</MemoryRouter>;

/** Renders what `useT` gives back for a function of it (for helpers that take `t`). */
function withT(locale: Locale, use: (t: ReturnType<typeof useT>) => string): string {
  let out = "";
  function Probe() {
    out = use(useT());
    return null;
  }
  renderToString(<Probe />, locale);
  return out;
}

const doc = (overrides: Partial<PortalDocument> = {}): PortalDocument => ({
  id: 1,
  title: "Annual Report 2025",
  description: "Audited results.",
  fileName: "annual-report-2025.pdf",
  fileUrl: "/api/documents/1/download",
  fileType: "application/pdf",
  fileSize: 2048,
  categoryId: 1,
  categoryName: "Financial Reports",
  isPublic: false,
  periodYear: 2025,
  periodKind: "FY",
  publishedAt: "2026-03-01",
  uploadedById: 1,
  uploadedAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  version: 1,
  versionUpdatedAt: "2026-03-01T10:00:00.000Z",
  versionNote: null,
  viewable: true,
  downloadMode: "original",
  requiresConfidentiality: false,
  pageText: true,
  restricted: false,
  expiresAt: null,
  contentLocale: "en",
  ...overrides,
});

/** An application as the portal receives it (status and review filled in by each test). */
const base = {
  id: 1,
  userId: 7,
  company: "Nile",
  position: "Partner",
  motivation: "m",
  investmentInterests: null,
  submittedAt: "2026-03-01T10:00:00.000Z",
  reviewedById: null,
};
/** The same application, rejected on 4 March. */
const rejectedApplication = { ...base, status: "rejected" as const, reviewedAt: "2026-03-04T10:00:00.000Z", reviewedById: 1 };

const user: PortalUser = {
  id: 7,
  username: "rana",
  email: "rana@example.test",
  fullName: "Rana Regular",
  role: "regular",
  company: null,
  position: null,
  isVerified: true,
  secondFactorProved: false,
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("[portal] file helpers", () => {
  it("derives pdf, spreadsheet or document from the MIME type or the extension", () => {
    expect(fileKind("application/pdf", "x.bin")).toBe("pdf");
    expect(fileKind(null, "REPORT.PDF")).toBe("pdf");
    expect(fileKind("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "a")).toBe("spreadsheet");
    expect(fileKind("application/vnd.ms-excel", "a")).toBe("spreadsheet");
    expect(fileKind(null, "numbers.csv")).toBe("spreadsheet");
    expect(fileKind("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "a.docx")).toBe("document");
    expect(fileKind(null, "notes")).toBe("document");
  });

  it("formats sizes for people", () => {
    expect(formatFileSize(900)).toBe("900 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatFileSize(null)).toBeNull();
  });

  it("sorts by period (newest first, undated last, then publication date), its reverse, or by title, without changing the input", () => {
    const docs = [
      doc({ id: 1, title: "b", periodKind: "FY", periodYear: 2025, publishedAt: "2026-03-30" }),
      doc({ id: 2, title: "A", periodKind: "Q3", periodYear: 2026, publishedAt: "2026-11-12" }),
      doc({ id: 3, title: "c", periodKind: null, periodYear: null, publishedAt: "2026-11-20" }),
      doc({ id: 4, title: "d", periodKind: "H1", periodYear: 2026, publishedAt: "2026-08-13" }),
      doc({ id: 5, title: "e", periodKind: "Q4", periodYear: 2025, publishedAt: "2026-02-10" }),
    ];
    expect(sortDocuments(docs, "latest").map((d) => d.id)).toEqual([2, 4, 1, 5, 3]);
    expect(sortDocuments(docs, "oldest").map((d) => d.id)).toEqual([3, 5, 1, 4, 2]);
    expect(sortDocuments(docs, "title").map((d) => d.id)).toEqual([2, 1, 3, 4, 5]);
    expect(docs.map((d) => d.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("names a reporting period in each language, the year in Western digits", () => {
    const periods = [
      { periodKind: "FY", periodYear: 2025 },
      { periodKind: "H1", periodYear: 2026 },
      { periodKind: "Q3", periodYear: 2026 },
      { periodKind: null, periodYear: null },
    ] as const;
    const names = (locale: Locale) => withT(locale, (t) => periods.map((p) => periodLabel(p, t, formatters(locale)) ?? "none").join(" | "));
    expect(names("en")).toBe("FY2025 | H1 2026 | Q3 2026 | none");
    expect(names("ar")).toBe("السنة المالية 2025 | النصف الأول 2026 | الربع الثالث 2026 | none");
  });

  it("writes sizes in B, KB and MB in the page's language", () => {
    const sizes = (locale: Locale) => [900, 1536, 250 * 1024, 5 * 1024 * 1024, 12.34 * 1024 * 1024].map((b) => formatters(locale).fileSize(b));
    expect(sizes("en")).toEqual(["900 B", "1.5 KB", "250 KB", "5 MB", "12 MB"]);
    expect(sizes("ar")).toEqual(["900 بايت", "1.5 ك.ب", "250 ك.ب", "5 م.ب", "12 م.ب"]);
  });
});

describe("[portal] small rules", () => {
  it("welcomes by full name, else username, else e-mail", () => {
    expect(displayName({ fullName: "Rana Regular", username: "rana", email: "r@x.test" })).toBe("Rana Regular");
    expect(displayName({ fullName: "  ", username: "rana", email: "r@x.test" })).toBe("rana");
    expect(displayName({ fullName: null, username: "", email: "r@x.test" })).toBe("r@x.test");
  });

  it("shows the exit year with the status", () => {
    expect(withT("en", (t) => portfolioStatusLine({ status: "Partial Exit", exitYear: 2023 }, t))).toBe("Partial Exit - 2023");
    expect(withT("en", (t) => portfolioStatusLine({ status: "Active", exitYear: null }, t))).toBe("Active");
    expect(withT("ar", (t) => portfolioStatusLine({ status: "Full Exit", exitYear: 2024 }, t, (n) => `${n}`))).toBe("تخارج كامل - 2024");
  });

  it("reads and writes the tab, category and sort, dropping defaults and junk", () => {
    expect(readPortalState(new URLSearchParams("tab=press&category=3&sort=title"))).toEqual({ tab: "press", category: "3", sort: "title" });
    expect(readPortalState(new URLSearchParams("tab=<script>&category=../../etc&sort=x"))).toEqual({ tab: "documents", category: "all", sort: "latest" });
    expect(portalSearch({ tab: "documents", category: "all", sort: "latest" })).toBe("");
    expect(portalSearch({ tab: "portfolio", category: "all", sort: "latest" })).toBe("?tab=portfolio");
    expect(portalSearch({ tab: "documents", category: "2", sort: "title" }, new URLSearchParams("utm=x"))).toBe("?utm=x&category=2&sort=title");
  });
});

describe("[portal] screens", () => {
  it("the loading state is an announced spinner", () => {
    const html = renderToString(<PortalLoading />);
    expect(html).toContain('role="status"');
    expect(text(html)).toContain("Loading investor portal…");
  });

  it("the error screen and the route's ErrorBoundary show the spec's texts and a Retry button", () => {
    const Boundary = createRoutesStub([{ path: "/", Component: ErrorBoundary }]);
    for (const html of [renderToString(<PortalError />), renderToString(<Boundary />)]) {
      expect(text(html)).toContain("Error Loading Portal");
      expect(text(html)).toContain("There was a problem loading the investor portal. Please try again later.");
      expect(text(html)).toContain("Retry");
    }
  });

  it("rows show the type, badge, description fallback and the checked download link", () => {
    const html = renderToString(
      routed(
        <DocumentList
          documents={[
            doc(),
            doc({ id: 2, isPublic: true, description: null, fileName: "sheet.xlsx", fileType: null, fileUrl: "/api/documents/2/download", viewable: false }),
          ]}
          emptyText={EMPTY_TEXT.all}
          showCategory
        />,
      ),
    );
    expect(html).toContain('data-file-kind="pdf"');
    expect(html).toContain('data-file-kind="spreadsheet"');
    expect(text(html)).toContain("Investor Only");
    expect(text(html)).toContain("Public");
    expect(text(html)).toContain("No description provided");
    expect(html).toContain('href="/api/documents/2/download"');
    expect(html).toContain('download="sheet.xlsx"');
    expect(text(html)).toContain("March 1, 2026");
  });

  it("empty states differ between the whole repository and one category", () => {
    const all = renderToString(
      <DocumentLibrary
        documents={[]}
        categories={[{ id: 1, name: "Governance", description: null }]}
        category="all"
        sort="latest"
        onCategoryChange={() => {}}
        onSortChange={() => {}}
      />,
    );
    expect(text(all)).toContain("No documents found");
    expect(text(all)).toContain("There are no documents available in the repository.");
    const category = renderToString(
      routed(
        <DocumentLibrary
          documents={[doc({ categoryId: 1 })]}
          categories={[
            { id: 1, name: "Governance", description: null },
            { id: 2, name: "Empty", description: null },
          ]}
          category="2"
          sort="latest"
          onCategoryChange={() => {}}
          onSortChange={() => {}}
        />,
      ),
    );
    expect(text(category)).toContain("There are no documents in this category.");
    expect(text(category)).toContain("All Documents");
  });

  it("the access card shows the member's state: no application, pending, rejected", () => {
    const none = text(renderToString(<InvestorAccessCard user={user} application={null} onSubmitted={() => {}} />));
    expect(none).toContain("Investor Access Required");
    expect(none).toContain("You don't currently have investor access. Please apply for investor status to access this portal's full features and documents.");
    expect(none).toContain("Apply for Investor Access");

    // Pending: only that it is under review, not the request to apply above it.
    const pending = text(
      renderToString(<InvestorAccessCard user={user} application={{ ...base, status: "pending", reviewedAt: null }} onSubmitted={() => {}} />),
    );
    expect(pending.trim()).toBe(
      "Your application is under review Pending Submitted on March 1, 2026 as Partner , Nile . An administrator will review it; once it is approved, the full portal opens the next time you visit this page.",
    );

    // Rejected: the spec's card and its button, with the earlier application's outcome above the button.
    const rejected = text(renderToString(<InvestorAccessCard user={user} application={rejectedApplication} onSubmitted={() => {}} />));
    expect(rejected).toContain("Investor Access Required");
    expect(rejected).toContain("You don't currently have investor access.");
    expect(rejected).toContain("Your previous application was not approved Rejected");
    expect(rejected).toContain("March 4, 2026");
    expect(rejected).toContain("Apply for Investor Access");
  });

  it("in Arabic, a pending application says only that it is under review", () => {
    const pending = text(
      renderToString(<InvestorAccessCard user={user} application={{ ...base, status: "pending", reviewedAt: null }} onSubmitted={() => {}} />, "ar"),
    );
    expect(pending).toContain("طلبك قيد المراجعة");
    expect(pending).not.toContain("يلزم الحصول على صلاحية المستثمر");
    expect(pending).not.toContain("لا تملك حالياً صلاحية المستثمر");
    expect(pending).not.toContain("طلب صلاحية المستثمر");
  });

  it("in Arabic: texts, the application's dates in Arabic-Indic digits, the library's in Latin digits", () => {
    const rejected = text(renderToString(<InvestorAccessCard user={user} application={rejectedApplication} onSubmitted={() => {}} />, "ar"));
    expect(rejected).toContain("يلزم الحصول على صلاحية المستثمر");
    expect(rejected).toContain("مرفوض");
    expect(rejected).toContain("4 مارس 2026");
    expect(rejected).toContain("طلب صلاحية المستثمر");

    const rows = text(renderToString(routed(<DocumentList documents={[doc()]} emptyText={EMPTY_TEXT.all} showCategory />), "ar"));
    expect(rows).toContain("للمستثمرين فقط");
    expect(rows).toContain("السنة المالية 2025");
    expect(rows).toContain("نُشرت في 1 مارس 2026");
    expect(rows).toContain("2 ك.ب");
    expect(text(renderToString(<PortalLoading />, "ar"))).toContain("جارٍ تحميل بوابة المستثمرين…");
  });
});

describe("[portal] the data room in the library", () => {
  const rowsOf = (docs: PortalDocument[], locale: Locale = "en") =>
    renderToString(routed(<DocumentList documents={docs} emptyText={EMPTY_TEXT.all} showCategory />), locale);

  it("a PDF has Read, which opens the viewer in the page's language; other files only Download", () => {
    const sheet = doc({
      id: 2,
      fileUrl: "/api/documents/2/download",
      fileName: "sheet.xlsx",
      fileType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      viewable: false,
    });
    const en = rowsOf([doc(), sheet]);
    expect(en.match(/href="\/investor-portal\/documents\/1"/g)).toHaveLength(1);
    expect(en).not.toContain("/investor-portal/documents/2");
    expect(en).toContain('aria-label="Read Annual Report 2025"');
    expect(en).toContain('href="/api/documents/1/download"');
    expect(en).toContain('href="/api/documents/2/download"');
    const ar = rowsOf([doc()], "ar");
    expect(ar).toContain('href="/ar/investor-portal/documents/1"');
    expect(text(ar)).toContain("قراءة");
  });

  it("a document read online only has no Download; a stamped one says downloads carry the reader's name", () => {
    const online = rowsOf([doc({ downloadMode: "none", fileUrl: null })]);
    expect(online).not.toContain("/api/documents/1/download");
    expect(text(online)).not.toContain("Download");
    expect(text(online)).toContain("Read online only");
    expect(online).toContain('href="/investor-portal/documents/1"');

    const stamped = rowsOf([doc({ downloadMode: "stamped" })]);
    expect(stamped).toContain('aria-label="Download Annual Report 2025, stamped with your name"');
    expect(text(stamped)).toContain("Downloads carry your name");
    expect(text(rowsOf([doc()]))).not.toContain("carry your name");
  });

  it("a replaced file says when it was updated and why; restriction, expiry and the notice show as such", () => {
    const first = text(rowsOf([doc()]));
    expect(first).not.toContain("Updated on");
    expect(first).not.toContain("Shared with you");
    expect(first).not.toContain("Available until");

    const later = doc({
      version: 3,
      versionUpdatedAt: "2026-04-12T09:00:00.000Z",
      versionNote: "Corrected the dividend table.",
      restricted: true,
      expiresAt: "2026-12-31T21:59:00.000Z",
      requiresConfidentiality: true,
    });
    const en = text(rowsOf([later]));
    expect(en).toContain("Updated on April 12, 2026 : Corrected the dividend table.");
    expect(en).toContain("Shared with you");
    expect(en).toContain("Available until December 31, 2026");
    expect(en).toContain("Confidential");
    expect(text(rowsOf([doc({ version: 2, versionUpdatedAt: "2026-04-12T09:00:00.000Z" })]))).toContain("Updated on April 12, 2026");

    const ar = text(rowsOf([later], "ar"));
    expect(ar).toContain("حُدِّثت في 12 أبريل 2026");
    expect(ar).toContain("Corrected the dividend table.");
    expect(ar).toContain("تمت مشاركتها معك");
    expect(ar).toContain("متاحة حتى 31 ديسمبر 2026");
    expect(ar).toContain("سرّية");
  });
});
