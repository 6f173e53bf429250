/**
 * The press release's text editor (Tiptap 3). Loaded with React.lazy from the press form only, so Tiptap and
 * ProseMirror are in the dashboard's chunks and never on a public page (scripts/check-bundle.mjs checks it).
 *
 * The editor runs the one schema the server renders with (shared/rich-text-schema.ts) and reports both its document
 * (JSON, what the server stores and renders) and its HTML (for the form's length check and older clients). A release
 * saved before the editor existed has HTML only: the editor parses it here, and the first save stores its document.
 */
import { EditorContent, useEditor, useEditorState, type Editor, type JSONContent } from "@tiptap/react";
import * as React from "react";
import { useT } from "~/i18n/provider";
import { isAbort, uploadTo } from "~/lib/upload";
import { toast } from "~/lib/toast";
import { importsRoutes } from "../../../lib/api/routes/imports";
import { uploadsRoutes } from "../../../lib/api/routes/uploads";
import { richTextExtensions, type RichTextLanguage } from "../../../../shared/rich-text-schema";
import { LinkPanel } from "./link-panel";
import { EditorToolbar, type ToolbarAction, type ToolbarState } from "./toolbar";
import { cleanPastedHtml } from "./word-paste";

export type RichTextValue = { doc: JSONContent | null; html: string };

export type RichTextEditorProps = {
  /** The editable area's id; `labelId` is its visible label's. */
  id: string;
  labelId: string;
  language: RichTextLanguage;
  /** The stored document, or null for a release saved as HTML only (then `initialHtml` is parsed). */
  initialDoc: JSONContent | null;
  initialHtml: string;
  onChange: (value: RichTextValue) => void;
  invalid?: boolean;
  describedBy?: string;
  /** The toolbar's accessible name. */
  toolbarLabel: string;
};

const EMPTY_STATE: ToolbarState = {
  block: "paragraph",
  bold: false,
  italic: false,
  bulletList: false,
  orderedList: false,
  quote: false,
  link: false,
  inTable: false,
  dir: null,
  canUndo: false,
  canRedo: false,
};

/** The toolbar's state at the cursor. */
export function readToolbarState(editor: Editor): ToolbarState {
  const parent = editor.state.selection.$from.parent;
  const dir = parent.attrs.dir as ToolbarState["dir"] | undefined;
  return {
    block: editor.isActive("heading", { level: 2 })
      ? "h2"
      : editor.isActive("heading", { level: 3 })
        ? "h3"
        : parent.type.name === "paragraph"
          ? "paragraph"
          : "other",
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    quote: editor.isActive("blockquote"),
    link: editor.isActive("link"),
    inTable: editor.isActive("table"),
    dir: dir ?? null,
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** The editor's value: an editor with no text is empty (no document, no HTML), so an untranslated Arabic stays so. */
export const valueOf = (editor: Editor): RichTextValue => (editor.isEmpty ? { doc: null, html: "" } : { doc: editor.getJSON(), html: editor.getHTML() });

/** An image's alternative text from its file name ('board-meeting_2026.jpg' -> 'board meeting 2026'). */
const altFromName = (name: string) =>
  name
    .replace(/\.[^.]+$/, "")
    .replace(/[-_]+/g, " ")
    .trim()
    .slice(0, 200);

export default function RichTextEditor({ id, labelId, language, initialDoc, initialHtml, onChange, invalid, describedBy, toolbarLabel }: RichTextEditorProps) {
  const t = useT();
  const report = React.useRef(onChange);
  report.current = onChange;
  const [linkOpen, setLinkOpen] = React.useState(false);
  const [busy, setBusy] = React.useState<null | "image" | "docx">(null);
  const imageInput = React.useRef<HTMLInputElement>(null);
  const docxInput = React.useRef<HTMLInputElement>(null);
  const abort = React.useRef<AbortController | null>(null);
  React.useEffect(() => () => abort.current?.abort(), []);

  const dir = language === "ar" ? "rtl" : "ltr";
  const attributes = React.useMemo(
    () => ({
      id,
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": labelId,
      // Escape while writing keeps the dialog open (the text is not lost to a stray key).
      "data-own-escape": "",
      ...(describedBy ? { "aria-describedby": describedBy } : {}),
      ...(invalid ? { "aria-invalid": "true" } : {}),
      lang: language,
      dir,
      class: "prose-press min-h-56 max-h-[32rem] overflow-y-auto px-3 py-2 text-[0.9375rem] focus:outline-none [&_.selectedCell]:bg-gold-100",
    }),
    [id, labelId, describedBy, invalid, language, dir],
  );

  const editor = useEditor({
    extensions: richTextExtensions(language),
    // The per-block direction is the schema's own TextDirection (shared with the server); the core one stays off.
    enableCoreExtensions: { textDirection: false },
    content: initialDoc ?? initialHtml ?? "",
    immediatelyRender: false,
    // Word's lists and headings are fitted to the schema before ProseMirror reads a paste.
    editorProps: { attributes, transformPastedHTML: cleanPastedHtml },
    onUpdate: ({ editor }) => report.current(valueOf(editor)),
  });

  React.useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes, transformPastedHTML: cleanPastedHtml } });
  }, [editor, attributes]);

  const state = useEditorState({ editor, selector: ({ editor }) => (editor ? readToolbarState(editor) : EMPTY_STATE) }) ?? EMPTY_STATE;

  function run(action: ToolbarAction) {
    if (!editor) return;
    const chain = editor.chain().focus();
    switch (action) {
      case "paragraph":
        return chain.setParagraph().run();
      case "h2":
        return chain.toggleHeading({ level: 2 }).run();
      case "h3":
        return chain.toggleHeading({ level: 3 }).run();
      case "bold":
        return chain.toggleBold().run();
      case "italic":
        return chain.toggleItalic().run();
      case "bulletList":
        return chain.toggleBulletList().run();
      case "orderedList":
        return chain.toggleOrderedList().run();
      case "quote":
        return chain.toggleBlockquote().run();
      case "link":
        return setLinkOpen((open) => !open);
      case "table":
        return chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
      case "addRow":
        return chain.addRowAfter().run();
      case "deleteRow":
        return chain.deleteRow().run();
      case "addColumn":
        return chain.addColumnAfter().run();
      case "deleteColumn":
        return chain.deleteColumn().run();
      case "deleteTable":
        return chain.deleteTable().run();
      case "image":
        return imageInput.current?.click();
      case "dir-ltr":
        return chain.setTextDirection("ltr").run();
      case "dir-rtl":
        return chain.setTextDirection("rtl").run();
      case "dir-auto":
        return chain.setTextDirection("auto").run();
      case "undo":
        return chain.undo().run();
      case "redo":
        return chain.redo().run();
      case "importDocx":
        return docxInput.current?.click();
    }
  }

  /** Sends a chosen file with `send` while the toolbar's file buttons wait; a failure is a toast with the server's message. */
  async function withFile(kind: "image" | "docx", input: HTMLInputElement, send: (file: File, signal: AbortSignal) => Promise<void>) {
    const file = input.files?.[0];
    input.value = "";
    if (!file || !editor) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(kind);
    try {
      await send(file, controller.signal);
    } catch (err) {
      if (isAbort(err)) return;
      const message = err instanceof Error ? t.maybe(err.message) : undefined;
      toast.error(t(kind === "docx" ? "manage.editor.importFailed" : "manage.upload.failed"), { description: message });
    } finally {
      setBusy(null);
    }
  }

  const uploadImage = (file: File, signal: AbortSignal) =>
    uploadTo(uploadsRoutes.image, { query: { kind: "image" }, body: formWith(file) }, { signal }).then((answer) => {
      editor
        ?.chain()
        .focus()
        .setImage({ src: answer.url, alt: altFromName(file.name) })
        .run();
    });

  const importDocx = (file: File, signal: AbortSignal) =>
    uploadTo(importsRoutes.docx, { body: formWith(file) }, { signal }).then((answer) => {
      if (!editor) return;
      // Into an empty editor the document is the text; otherwise it goes in at the cursor (undo takes it back).
      if (editor.isEmpty) editor.chain().focus().setContent(answer.html, { emitUpdate: true }).run();
      else editor.chain().focus().insertContent(answer.html).run();
      toast.success(t("manage.editor.imported"), {
        description: answer.droppedImages ? t("manage.editor.importedImages", { count: answer.droppedImages }) : undefined,
      });
    });

  return (
    <div
      className={`overflow-hidden rounded-md border bg-white ${invalid ? "border-red-500" : "border-slate-300"} focus-within:ring-2 focus-within:ring-gold-500/60`}
    >
      <EditorToolbar label={toolbarLabel} state={state} onAction={run} linkPanelId={`${id}-link`} linkPanelOpen={linkOpen} busy={busy !== null} dir={dir} />
      {linkOpen && editor ? <LinkPanel id={`${id}-link`} editor={editor} onClose={() => setLinkOpen(false)} /> : null}
      {busy ? (
        <p role="status" className="border-b border-slate-200 bg-gold-50 px-3 py-1 text-xs text-navy-900">
          {t(busy === "docx" ? "manage.editor.importing" : "manage.editor.imageUploading")}
        </p>
      ) : null}
      <EditorContent editor={editor} />
      <input
        ref={imageInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void withFile("image", e.currentTarget, uploadImage)}
      />
      <input
        ref={docxInput}
        type="file"
        accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => void withFile("docx", e.currentTarget, importDocx)}
      />
    </div>
  );
}

function formWith(file: File) {
  const form = new FormData();
  form.append("file", file);
  return form;
}
