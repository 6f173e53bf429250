// @vitest-environment happy-dom
/**
 * 'Financial calendar' in a DOM, the API mocked: the events as the table shows them (day, Cairo time or all day,
 * kind, both titles, status), the body an added event sends (published releases and public documents only), the
 * shared rule and the server's field messages beside the fields, an edit, and cancelling after a confirmation.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/client";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { button, cleanUp, click, labelled, renderIn, settle, type } from "../data-room/test-render";
import type { PressRow } from "../press-columns";
import { CalendarEvents } from "./calendar-events";
import { AT, choose, dialogButton, openDialog, pageText, selectNamed } from "./test-utils";
import type { CalendarEventRow } from "./types";

const calendar = vi.hoisted(() => ({ adminList: vi.fn(), create: vi.fn(), update: vi.fn(), cancel: vi.fn() }));
const dataRoom = vi.hoisted(() => ({ adminList: vi.fn() }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/api/alerts-admin", async (original) => ({ ...(await original<object>()), calendarAdminApi: calendar }));
vi.mock("~/lib/api/data-room-admin", () => ({ dataRoomAdminApi: dataRoom }));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

const event = (extra: Partial<CalendarEventRow> = {}): CalendarEventRow => ({
  id: 5,
  uid: "evt-5@meridian.example",
  kind: "results",
  date: "2026-11-26",
  time: "14:00",
  endTime: "15:30",
  startsAt: "2026-11-26T12:00:00.000Z",
  linkUrl: null,
  status: "scheduled",
  updatedAt: AT,
  title: "Third-quarter results",
  titleAr: "نتائج الربع الثالث",
  description: null,
  descriptionAr: null,
  pressReleaseId: null,
  documentIds: [],
  sequence: 0,
  createdAt: AT,
  ...extra,
});
const agm = event({ id: 4, kind: "agm", date: "2026-06-30", time: null, endTime: null, title: "Annual general assembly", titleAr: null, status: "cancelled" });

const release = (id: number, title: string, publication: PressRow["publication"]) => ({ id, title, date: "2026-11-20", publication }) as PressRow;
const releases = [release(12, "Meridian reports third-quarter results", "published"), release(13, "Draft results", "draft")];
const doc = (id: number, title: string, isPublic: boolean) => ({ id, title, isPublic, publishedAt: "2026-11-01", archivedAt: null, revokedAt: null });

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  calendar.adminList.mockResolvedValue([event(), agm]);
  calendar.create.mockImplementation(async ({ body }: { body: Partial<CalendarEventRow> }) => event({ ...body, id: 9 }));
  calendar.update.mockImplementation(async ({ params, body }: { params: { id: number }; body: Partial<CalendarEventRow> }) =>
    event({ ...body, id: params.id, sequence: 1 }),
  );
  calendar.cancel.mockImplementation(async ({ params }: { params: { id: number } }) => event({ id: params.id, status: "cancelled" }));
  dataRoom.adminList.mockResolvedValue([
    doc(7, "Q3 2026 financial statements", true),
    doc(8, "Q3 2026 investor presentation", true),
    doc(9, "Board pack", false),
  ]);
});

/** A document's checkbox in the event dialog (its label also shows the document's date). */
const docBox = (title: string) =>
  [...document.querySelectorAll("label")].find((l) => l.textContent?.startsWith(title))?.querySelector<HTMLInputElement>("input[type=checkbox]");
const rows = () => [...document.querySelectorAll('table[aria-label="Financial calendar events"] tbody tr')].map((r) => r.textContent ?? "");

describe("[admin] the financial calendar", () => {
  it("[admin] shows each event's day, Cairo time or 'All day', kind, both titles and status; a cancelled one has no actions", async () => {
    await renderIn(<CalendarEvents releases={releases} />, CATALOGS.en);
    const [results, assembly] = rows();
    expect(results).toContain("Nov 26, 2026");
    expect(results).toContain("14:00–15:30");
    expect(results).toContain("Financial results");
    expect(results).toContain("Third-quarter results");
    expect(results).toContain("نتائج الربع الثالث");
    expect(results).toContain("Scheduled");
    expect(assembly).toContain("All day");
    expect(assembly).toContain("General assembly");
    expect(assembly).toContain("No Arabic title yet");
    expect(assembly).toContain("Cancelled");
    expect(button("Edit Third-quarter results")).toBeDefined();
    expect(button("Cancel event: “Third-quarter results”")).toBeDefined();
    expect(button("Edit Annual general assembly")).toBeUndefined();
  });

  it("[admin] adding an event sends the form as the shared schema reads it; only published releases and public documents are offered", async () => {
    await renderIn(<CalendarEvents releases={releases} />, CATALOGS.en);
    await click(button("Add event"));
    expect(openDialog()?.textContent).toContain("Add a calendar event");
    expect(openDialog()?.textContent).toContain("When an upcoming event is added, subscribers of the calendar list are e-mailed about it.");
    await settle();

    await choose(selectNamed("Kind of event"), "call");
    await type(labelled("Date"), "2026-12-03");
    await type(labelled("Start time (Cairo)"), "16:00");
    await type(labelled("End time (Cairo)"), "17:00");
    await type(labelled("Title"), "Third-quarter results call");
    await type(labelled("Title (Arabic)"), "مكالمة نتائج الربع الثالث");
    await type(labelled("Webcast or link"), "https://webcast.example/q3");
    const releaseSelect = selectNamed("Related press release")!;
    expect([...releaseSelect.options].map((o) => o.textContent)).toEqual(["None", "Meridian reports third-quarter results (Nov 20, 2026)"]);
    await choose(releaseSelect, "12");
    expect(openDialog()?.textContent).not.toContain("Board pack");
    expect(openDialog()?.textContent).toContain("0 of 10 public documents chosen");
    await click(docBox("Q3 2026 financial statements"));
    await click(docBox("Q3 2026 investor presentation"));
    expect(openDialog()?.textContent).toContain("2 of 10 public documents chosen");

    await click(dialogButton("Add event"));
    expect(calendar.create).toHaveBeenCalledWith({
      body: {
        kind: "call",
        date: "2026-12-03",
        time: "16:00",
        endTime: "17:00",
        title: "Third-quarter results call",
        titleAr: "مكالمة نتائج الربع الثالث",
        description: null,
        descriptionAr: null,
        linkUrl: "https://webcast.example/q3",
        pressReleaseId: 12,
        documentIds: [7, 8],
      },
    });
    expect(toast.success).toHaveBeenCalledWith("Event added to the calendar", { description: "Third-quarter results call" });
    expect(openDialog()).toBeNull();
    expect(rows()[0]).toContain("Third-quarter results call");
  });

  it("[admin] an end before the start is refused before sending; the server's field messages show beside their fields", async () => {
    await renderIn(<CalendarEvents releases={releases} />, CATALOGS.en);
    await click(button("Edit Third-quarter results"));
    await settle();
    expect(labelled("Title").value).toBe("Third-quarter results");
    expect(labelled("Start time (Cairo)").value).toBe("14:00");
    await type(labelled("End time (Cairo)"), "13:00");
    await click(dialogButton("Save changes"));
    expect(calendar.update).not.toHaveBeenCalled();
    expect(document.getElementById("event-endTime-error")?.textContent).toBe("The end time must be after the start time.");

    calendar.update.mockRejectedValue(new ApiError(400, "Check the highlighted fields.", { linkUrl: "validation.calendar.link" }, "VALIDATION"));
    await type(labelled("End time (Cairo)"), "16:00");
    await click(dialogButton("Save changes"));
    expect(calendar.update).toHaveBeenCalledWith({ params: { id: 5 }, body: expect.objectContaining({ endTime: "16:00", title: "Third-quarter results" }) });
    expect(document.getElementById("event-linkUrl-error")?.textContent).toBe("Enter a full https:// address.");
    expect(openDialog()).not.toBeNull();
  });

  it("[admin] cancelling asks first and says the event stays in the feeds as cancelled", async () => {
    await renderIn(<CalendarEvents releases={releases} />, CATALOGS.en);
    await click(button("Cancel event: “Third-quarter results”"));
    const dialog = openDialog()!;
    expect(dialog.getAttribute("role")).toBe("alertdialog");
    expect(dialog.textContent).toContain("Cancel this event?");
    expect(dialog.textContent).toContain(
      "The event stays in the calendar feeds, marked as cancelled, so calendars that subscribed to them show the change. It cannot be scheduled again.",
    );
    expect(dialogButton("Keep the event")).toBeDefined();
    await click(dialogButton("Cancel event"));
    expect(calendar.cancel).toHaveBeenCalledWith({ params: { id: 5 } });
    expect(toast.success).toHaveBeenCalledWith("Event cancelled", { description: "Third-quarter results" });
    expect(rows()[0]).toContain("Cancelled");
    expect(button("Edit Third-quarter results")).toBeUndefined();
  });

  it("[admin] reads in Arabic", async () => {
    await renderIn(<CalendarEvents releases={releases} />, CATALOGS.ar, "ar", "/ar/admin");
    const text = pageText();
    expect(text).toContain("التقويم المالي");
    expect(text).toContain("طوال اليوم");
    expect(text).toContain("مُجدوَل");
    await click(button("إضافة حدث"));
    expect(openDialog()?.textContent).toContain("وقت البدء (بتوقيت القاهرة)");
    expect(openDialog()?.textContent).toContain("العنوان (بالعربية)");
  });
});
