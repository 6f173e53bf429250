/**
 * The release editor in a real browser: its toolbar writes the structure the server stores and renders, a paste from
 * Word keeps headings, lists and links, an Arabic paragraph is right to left, and Escape inside the editor or its link
 * panel never closes the form and loses the text (it still closes the form from a plain field).
 */
import type { Page } from "@playwright/test";
import { expect, test, uid } from "./fixtures";

test.use({ restoresContent: true });

// A Word clipboard as Word 365 writes it: a heading, a link, a bulleted list with a nested item, a numbered list.
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta name=Generator content="Microsoft Word 15"></head><body lang=EN-US>
<!--StartFragment-->
<h1>Third-quarter results<o:p></o:p></h1>
<p class=MsoNormal>Revenue grew by 12%; see <a href="https://example.com/report">the report</a>.<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>New warehouse<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Margins up<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Board approval<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Shareholder vote<o:p></o:p></p>
<!--EndFragment-->
</body></html>`;

async function openNewRelease(page: Page) {
  await page.goto("/admin/press");
  await page.getByRole("button", { name: "Add Press Release" }).click();
  return page.getByRole("dialog", { name: "Create New Press Release" });
}

/** Pastes `html` into the focused editor as the clipboard would. */
async function pasteHtml(page: Page, html: string) {
  await page.evaluate((data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/html", data);
    transfer.setData("text/plain", data.replace(/<[^>]+>/g, ""));
    document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, html);
}

test("[editor] the toolbar and a paste from Word make the structure the release page shows; Arabic reads right to left", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const form = await openNewRelease(page);
  const title = `Editor release ${uid()}`;
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Summary", { exact: true }).fill("A release written with the editor's toolbar and a paste.");
  await form.getByLabel("Sector", { exact: true }).selectOption("finance");

  const english = form.getByRole("textbox", { name: "Content", exact: true });
  await english.click();
  await pasteHtml(page, WORD_HTML);
  await expect(english.locator("h2")).toHaveText("Third-quarter results");
  await expect(english.locator("ul > li")).toHaveText(["New warehouse", "Margins up"]);
  await expect(english.locator("ol > li")).toHaveText(["Board approval", "Shareholder vote"]);
  await expect(english.locator('a[href="https://example.com/report"]')).toHaveText("the report");
  // Then a paragraph of its own in bold, from the toolbar.
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await form.getByRole("button", { name: "Bold" }).first().click();
  await page.keyboard.type("The board meets on 10 December.");

  const arabic = form.getByRole("textbox", { name: "Content (Arabic)", exact: true });
  await expect(arabic).toHaveAttribute("dir", "rtl");
  await form.getByLabel("Title (Arabic)", { exact: true }).fill(`إصدار المحرر ${uid()}`);
  await form.getByLabel("Summary (Arabic)", { exact: true }).fill("بيان كُتب بشريط أدوات المحرر ولصق من وورد.");
  await arabic.click();
  await page.keyboard.type("نمت إيرادات Meridian Crest بنسبة 12% في الربع الثالث من عام 2026 وفق النتائج الأولية.");
  await expect(arabic.locator("p").first()).toHaveAttribute("dir", "rtl");

  await form.getByRole("button", { name: "Save as draft" }).click();
  await expect(form).toBeHidden();
  const list = await (await page.request.get("/api/admin/press-releases")).json();
  const { id } = list.find((r: { title: string }) => r.title === title);
  const stored = await (await page.request.get(`/api/admin/press-releases/${id}`)).json();
  expect(stored.publication).toBe("draft");
  expect(stored.content).toContain("<h2");
  expect(stored.content).toMatch(/<ul[^>]*><li[^>]*><p[^>]*>New warehouse/);
  expect(stored.content).toMatch(/<ol[^>]*>/);
  expect(stored.content).toContain("<strong>The board meets on 10 December.</strong>");
  expect(stored.contentAr).toContain('dir="rtl"');
  expect(JSON.stringify(stored.contentDoc)).toContain('"type":"bulletList"');

  // The page shows the server's render of the document.
  await page.request.post(`/api/admin/press-releases/${id}/publish`);
  await page.goto(`/press-releases/${id}`);
  const article = page.locator("article, main").first();
  await expect(article.getByRole("heading", { level: 2, name: "Third-quarter results" })).toBeVisible();
  await expect(article.getByRole("listitem").filter({ hasText: "Board approval" })).toBeVisible();
});

test("[editor] Escape inside the editor or its link panel keeps the form and its text; from a plain field it closes the form", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const form = await openNewRelease(page);
  const editor = form.getByRole("textbox", { name: "Content", exact: true });
  await editor.click();
  await page.keyboard.type("Words that must not be lost to a stray key");
  await page.keyboard.press("Shift+Home");
  await form.getByRole("button", { name: "Link" }).first().click();
  const address = form.getByLabel("Link address (https:// or mailto:)");
  await expect(address).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(address).toHaveCount(0);
  await expect(form).toBeVisible();

  await editor.click();
  await page.keyboard.press("Escape");
  await expect(form).toBeVisible();
  await expect(editor).toContainText("Words that must not be lost to a stray key");

  await form.getByLabel("Title", { exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
});
