// @vitest-environment happy-dom
/**
 * 'Suppression list' in a DOM, the API mocked: the addresses with their reasons in words, the search sent to the
 * server, adding an address (the shared rule checks it first; the server's field message shows beside the field).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/client";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { catalog } from "../../../../server/i18n";
import { button, cleanUp, click, labelled, renderIn, settle, type } from "../data-room/test-render";
import { Suppressions } from "./suppressions";
import { AT, pageText } from "./test-utils";

const api = vi.hoisted(() => ({ suppress: vi.fn() }));
const listSuppressions = vi.hoisted(() => vi.fn());
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("~/lib/api/alerts-admin", async (original) => ({ ...(await original<object>()), alertsAdminApi: api, listSuppressions }));
vi.mock("~/lib/toast", () => ({ toast }));

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };

afterEach(cleanUp);
beforeEach(() => {
  vi.clearAllMocks();
  listSuppressions.mockResolvedValue({
    rows: [
      { email: "gone@example.test", reason: "bounced", createdAt: AT },
      { email: "stop@example.test", reason: "one-click", createdAt: AT },
      { email: "left@example.test", reason: "admin", createdAt: AT },
    ],
    total: 3,
  });
  api.suppress.mockImplementation(async ({ body }: { body: { email: string } }) => ({ email: body.email, reason: "admin", createdAt: AT }));
});

describe("[admin] the suppression list", () => {
  it("[admin] lists each address with its reason in words, and searches on the server", async () => {
    await renderIn(<Suppressions />, CATALOGS.en);
    const rows = [...document.querySelectorAll('table[aria-label="Suppressed addresses"] tbody tr')].map((r) => r.textContent ?? "");
    expect(rows[0]).toContain("gone@example.test");
    expect(rows[0]).toContain("Bounced");
    expect(rows[1]).toContain("One-click unsubscribe");
    expect(rows[2]).toContain("Added by an admin");
    await type(document.querySelector<HTMLInputElement>('input[aria-label="Search by e-mail"]')!, "gone");
    await settle(350);
    expect(listSuppressions).toHaveBeenLastCalledWith({ q: "gone", limit: 25, offset: 0 }, expect.any(AbortSignal));
  });

  it("[admin] adds an address, then lists it", async () => {
    await renderIn(<Suppressions />, CATALOGS.en);
    await type(labelled("E-mail address"), "complaint@example.test");
    await click(button("Add to the suppression list"));
    expect(api.suppress).toHaveBeenCalledWith({ body: { email: "complaint@example.test" } });
    expect(toast.success).toHaveBeenCalledWith("Address added to the suppression list", { description: "complaint@example.test" });
    expect(labelled("E-mail address").value).toBe("");
    expect(listSuppressions).toHaveBeenCalledTimes(2);
  });

  it("[admin] an address the shared rule refuses is not sent; the server's field message shows beside the field", async () => {
    await renderIn(<Suppressions />, CATALOGS.en);
    await type(labelled("E-mail address"), "not an address");
    await click(button("Add to the suppression list"));
    expect(api.suppress).not.toHaveBeenCalled();
    expect(document.getElementById("alerts-suppress-email-error")?.textContent).toBe("Please enter a valid email address");

    api.suppress.mockRejectedValue(new ApiError(400, "Check the highlighted fields.", { email: "This domain does not receive e-mail." }, "VALIDATION"));
    await type(labelled("E-mail address"), "someone@example.test");
    await settle();
    expect(document.getElementById("alerts-suppress-email-error")).toBeNull();
    await click(button("Add to the suppression list"));
    expect(api.suppress).toHaveBeenCalledWith({ body: { email: "someone@example.test" } });
    expect(document.getElementById("alerts-suppress-email-error")?.textContent).toBe("This domain does not receive e-mail.");
  });

  it("[admin] reads in Arabic", async () => {
    await renderIn(<Suppressions />, CATALOGS.ar, "ar", "/ar/admin");
    expect(pageText()).toContain("ارتدّت الرسائل");
    expect(pageText()).toContain("عناوين لا يُرسل إليها أي تنبيه");
    expect(button("إضافة إلى قائمة الحظر")).toBeDefined();
  });
});
