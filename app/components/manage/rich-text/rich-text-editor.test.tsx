// @vitest-environment happy-dom
/**
 * The press editor in a DOM (happy-dom): the toolbar's names, pressed states and keyboard in both languages, and
 * what a paste from Word becomes (headings, real lists, links) in the schema the server renders with.
 */
import { Editor } from "@tiptap/core";
import * as React from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import type { Locale } from "../../../../shared/i18n/locales";
import { namespacesFor } from "../../../../shared/i18n/namespaces";
import { richTextExtensions } from "../../../../shared/rich-text-schema";
import { catalog } from "../../../../server/i18n";
import { EditorToolbar, type ToolbarAction, type ToolbarState } from "./toolbar";
import { cleanPastedHtml } from "./word-paste";

const CATALOGS = { en: catalog("en", namespacesFor("/admin")), ar: catalog("ar", namespacesFor("/admin")) };
const wrap = (node: React.ReactNode, locale: Locale) => (
  <I18nProvider locale={locale} messages={CATALOGS[locale]}>
    {node}
  </I18nProvider>
);

const STATE: ToolbarState = {
  block: "h2",
  bold: true,
  italic: false,
  bulletList: false,
  orderedList: false,
  quote: false,
  link: false,
  inTable: false,
  dir: "rtl",
  canUndo: true,
  canRedo: false,
};

const toolbar = (locale: Locale, onAction: (a: ToolbarAction) => void = () => {}, state = STATE) =>
  wrap(
    <EditorToolbar
      label="Formatting: Content"
      state={state}
      onAction={onAction}
      linkPanelId="x-link"
      linkPanelOpen={false}
      busy={false}
      dir={locale === "ar" ? "rtl" : "ltr"}
    />,
    locale,
  );

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function mount(node: React.ReactNode) {
  const host = document.createElement("div");
  document.body.appendChild(host);
  const root = createRoot(host);
  act(() => root.render(node));
  cleanup = () => {
    act(() => root.unmount());
    host.remove();
  };
  return host;
}

describe("[editor] the toolbar", () => {
  it("every button is named from the catalogs, in English and Arabic, and the toggles say whether they are on", () => {
    const en = renderToString(toolbar("en"));
    expect(en).toContain('role="toolbar"');
    expect(en).toContain('aria-label="Formatting: Content"');
    expect(en).toMatch(/aria-label="Heading"[^>]*aria-pressed="true"/);
    expect(en).toMatch(/aria-label="Subheading"[^>]*aria-pressed="false"/);
    expect(en).toMatch(/aria-label="Bold"[^>]*aria-pressed="true"/);
    expect(en).toMatch(/aria-label="Right to left"[^>]*aria-pressed="true"/);
    expect(en).toMatch(/aria-label="Link"[^>]*aria-pressed="false"[^>]*aria-expanded="false"[^>]*aria-controls="x-link"/);
    // The table's row and column buttons wait for a table at the cursor; undo has something to undo, redo not.
    expect(en).toMatch(/aria-label="Add row"[^>]*disabled=""/);
    expect(en).toMatch(/aria-label="Undo"(?![^>]*disabled="")[^>]*>/);
    expect(en).toMatch(/aria-label="Redo"[^>]*disabled=""/);
    expect(en).toContain("Import .docx");
    const ar = renderToString(toolbar("ar"));
    expect(ar).toMatch(/aria-label="عنوان رئيسي"[^>]*aria-pressed="true"/);
    expect(ar).toMatch(/aria-label="غامق"[^>]*aria-pressed="true"/);
    expect(ar).toMatch(/aria-label="من اليمين إلى اليسار"[^>]*aria-pressed="true"/);
    expect(ar).toContain("إدراج جدول");
    expect(ar).toContain("استيراد ملف");
  });

  it("is one tab stop; the arrow keys move in the reading direction, Home and End to the ends; a click acts", () => {
    const actions: ToolbarAction[] = [];
    const host = mount(toolbar("ar", (a) => actions.push(a), { ...STATE, canRedo: true, inTable: true }));
    const buttons = Array.from(host.querySelectorAll<HTMLButtonElement>("button[data-toolbar-item]"));
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    act(() => buttons[0].focus());
    const key = (k: string) => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })));
    // Right to left: the left arrow goes forward.
    key("ArrowLeft");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("عنوان رئيسي");
    key("ArrowRight");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("فقرة");
    key("End");
    expect(document.activeElement?.textContent).toContain("استيراد ملف");
    key("Home");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("فقرة");
    act(() => buttons.find((b) => b.getAttribute("aria-label") === "غامق")!.click());
    act(() => buttons.find((b) => b.getAttribute("aria-label") === "حذف الصف")!.click());
    expect(actions).toEqual(["bold", "deleteRow"]);
  });
});

/** What Word puts on the clipboard for a heading, a bulleted list with a nested item, a numbered list and a link. */
const WORD_CLIPBOARD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><meta name=Generator content="Microsoft Word 15"></head><body lang=EN-US>
<!--StartFragment-->
<h1>Third-quarter results<o:p></o:p></h1>
<p class=MsoNormal>Revenue grew by 12%; see <a href="https://example.com/report">the report</a>.<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>New warehouse<o:p></o:p></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp; </span></span></span><![endif]>In Sokhna<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Margins up<o:p></o:p></p>
<p class=MsoNormal>Next steps:</p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Board approval<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Shareholder vote<o:p></o:p></p>
<h2>Outlook</h2>
<!--EndFragment-->
</body></html>`;

type Json = { type: string; attrs?: Record<string, unknown>; content?: Json[]; text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[] };
const textOf = (node: Json): string => node.text ?? (node.content ?? []).map(textOf).join("");

describe("[editor] a paste from Word", () => {
  it("keeps the headings (at the editor's levels), the lists (nested, bulleted and numbered) and the links", () => {
    const element = document.createElement("div");
    document.body.appendChild(element);
    const editor = new Editor({
      element,
      extensions: richTextExtensions("en"),
      enableCoreExtensions: { textDirection: false },
      editorProps: { transformPastedHTML: cleanPastedHtml },
    });
    try {
      editor.view.pasteHTML(WORD_CLIPBOARD);
      const blocks = (editor.getJSON().content ?? []) as Json[];
      const kinds = blocks.filter((b) => textOf(b) !== "").map((b) => (b.type === "heading" ? `h${b.attrs?.level}` : b.type));
      expect(kinds).toEqual(["h2", "paragraph", "bulletList", "paragraph", "orderedList", "h2"]);
      expect(textOf(blocks.find((b) => b.type === "heading")!)).toBe("Third-quarter results");
      const bullets = blocks.find((b) => b.type === "bulletList")!;
      expect(bullets.content!.map((li) => textOf(li.content![0]))).toEqual(["New warehouse", "Margins up"]);
      const nested = bullets.content![0].content![1];
      expect(nested.type).toBe("bulletList");
      expect(textOf(nested)).toBe("In Sokhna");
      const numbers = blocks.find((b) => b.type === "orderedList")!;
      expect(numbers.content!.map(textOf)).toEqual(["Board approval", "Shareholder vote"]);
      // No bullet or number characters left over as text.
      expect(JSON.stringify(blocks)).not.toMatch(/"·|"o\u00a0|"1\./);
      const link = JSON.stringify(blocks).match(/"href":"([^"]+)"/);
      expect(link?.[1]).toBe("https://example.com/report");
      expect(editor.getHTML()).toContain('<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/report">the report</a>');
    } finally {
      editor.destroy();
      element.remove();
    }
  });

  it("drops a javascript: link's address and keeps its text", () => {
    const element = document.createElement("div");
    document.body.appendChild(element);
    const editor = new Editor({ element, extensions: richTextExtensions("en"), enableCoreExtensions: { textDirection: false } });
    try {
      editor.view.pasteHTML('<p>Click <a href="javascript:alert(1)">here</a> now</p>');
      expect(editor.getHTML()).not.toContain("javascript:");
      expect(editor.getText()).toContain("Click here now");
    } finally {
      editor.destroy();
      element.remove();
    }
  });

  it("an Arabic editor's paragraphs are right to left unless the writer turns one", () => {
    const element = document.createElement("div");
    document.body.appendChild(element);
    const editor = new Editor({
      element,
      extensions: richTextExtensions("ar"),
      enableCoreExtensions: { textDirection: false },
      content: "<p>بيان Meridian Holdings</p><p>Meridian Holdings</p>",
    });
    try {
      editor
        .chain()
        .setTextSelection(editor.state.doc.content.firstChild!.nodeSize + 2)
        .setTextDirection("ltr")
        .run();
      expect(editor.getHTML()).toBe('<p dir="rtl">بيان Meridian Holdings</p><p dir="ltr">Meridian Holdings</p>');
    } finally {
      editor.destroy();
      element.remove();
    }
  });
});

describe("[editor] the press form's field", () => {
  it("loads the editor lazily, writes the document and its HTML into the form, and the Arabic one right to left", async () => {
    const { useForm } = await import("react-hook-form");
    const { RichTextField } = await import("./rich-text-field");
    type Values = { content: string; contentDoc: Record<string, unknown> | null; contentAr: string; contentArDoc: Record<string, unknown> | null };
    let form: ReturnType<typeof useForm<Values>> | undefined;
    function Harness() {
      form = useForm<Values>({
        defaultValues: { content: "<h2>Old release</h2><p>Saved as HTML before the editor.</p>", contentDoc: null, contentAr: "", contentArDoc: null },
      });
      return (
        <>
          <RichTextField form={form} htmlName="content" docName="contentDoc" id="pr-content" language="en" label="Content" hint="Hint" resetKey={1} />
          <RichTextField form={form} htmlName="contentAr" docName="contentArDoc" id="pr-contentAr" language="ar" label="Content (Arabic)" resetKey={1} />
        </>
      );
    }
    const host = mount(wrap(<Harness />, "en"));
    // The editor's chunk loads on demand (React.lazy).
    for (let i = 0; i < 100 && host.querySelectorAll('[role="textbox"]').length < 2; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
    const [english, arabic] = Array.from(host.querySelectorAll<HTMLElement>('[role="textbox"]'));
    expect(english.getAttribute("aria-labelledby")).toBe("pr-content-label");
    expect(host.querySelector("#pr-content-label")?.textContent).toBe("Content");
    expect(english.getAttribute("aria-describedby")).toBe("pr-content-hint");
    expect(english.getAttribute("lang")).toBe("en");
    expect(arabic.getAttribute("dir")).toBe("rtl");
    expect(arabic.getAttribute("lang")).toBe("ar");
    expect(host.querySelectorAll('[role="toolbar"]')).toHaveLength(2);
    // The HTML of an older release is read into the editor's schema.
    expect(english.querySelector("h2")?.textContent).toBe("Old release");

    const editorOf = (el: HTMLElement) => (el as unknown as { editor: Editor }).editor;
    await act(async () => void editorOf(arabic).chain().focus().insertContent("بيان Meridian Holdings للربع الثالث").run());
    expect(form!.getValues("contentAr")).toBe('<p dir="rtl">بيان Meridian Holdings للربع الثالث</p>');
    expect(form!.getValues("contentArDoc")).toMatchObject({ type: "doc", content: [{ type: "paragraph", attrs: { dir: "rtl" } }] });

    await act(async () => void editorOf(english).chain().focus("end").toggleBold().insertContent("Bold words").run());
    expect(form!.getValues("content")).toContain("<strong>Bold words</strong>");
    expect(form!.getValues("contentDoc")).toMatchObject({ type: "doc" });
    const bold = host.querySelectorAll<HTMLButtonElement>('[aria-label="Bold"]')[0];
    expect(bold.getAttribute("aria-pressed")).toBe("true");

    // Emptied, the Arabic text is no text at all (an untranslated release stays untranslated).
    await act(async () => void editorOf(arabic).commands.clearContent(true));
    expect(form!.getValues("contentAr")).toBe("");
    expect(form!.getValues("contentArDoc")).toBeNull();
  });
});
