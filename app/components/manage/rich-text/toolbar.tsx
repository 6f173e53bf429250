import {
  ArrowLeftRight,
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Bold,
  Columns3,
  FileUp,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Pilcrow,
  PilcrowLeft,
  PilcrowRight,
  Quote,
  Redo2,
  Rows3,
  Table,
  Trash2,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import * as React from "react";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../../shared/i18n/messages";

/** What the toolbar shows as pressed or available, read from the editor at the cursor. */
export type ToolbarState = {
  block: "paragraph" | "h2" | "h3" | "other";
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  quote: boolean;
  link: boolean;
  inTable: boolean;
  dir: "ltr" | "rtl" | "auto" | null;
  canUndo: boolean;
  canRedo: boolean;
};

export type ToolbarAction =
  | "paragraph"
  | "h2"
  | "h3"
  | "bold"
  | "italic"
  | "bulletList"
  | "orderedList"
  | "quote"
  | "link"
  | "table"
  | "addRow"
  | "deleteRow"
  | "addColumn"
  | "deleteColumn"
  | "deleteTable"
  | "image"
  | "dir-ltr"
  | "dir-rtl"
  | "dir-auto"
  | "undo"
  | "redo"
  | "importDocx";

type Item = { action: ToolbarAction; icon: LucideIcon; label: MessageId; pressed?: (s: ToolbarState) => boolean; enabled?: (s: ToolbarState) => boolean };

/** The buttons, in groups. Table row and column buttons act on the table at the cursor, so they wait for one. */
export const TOOLBAR_GROUPS: Item[][] = [
  [
    { action: "paragraph", icon: Pilcrow, label: "manage.editor.paragraph", pressed: (s) => s.block === "paragraph" },
    { action: "h2", icon: Heading2, label: "manage.editor.heading2", pressed: (s) => s.block === "h2" },
    { action: "h3", icon: Heading3, label: "manage.editor.heading3", pressed: (s) => s.block === "h3" },
  ],
  [
    { action: "bold", icon: Bold, label: "manage.editor.bold", pressed: (s) => s.bold },
    { action: "italic", icon: Italic, label: "manage.editor.italic", pressed: (s) => s.italic },
    { action: "link", icon: Link, label: "manage.editor.link", pressed: (s) => s.link },
  ],
  [
    { action: "bulletList", icon: List, label: "manage.editor.bulletList", pressed: (s) => s.bulletList },
    { action: "orderedList", icon: ListOrdered, label: "manage.editor.orderedList", pressed: (s) => s.orderedList },
    { action: "quote", icon: Quote, label: "manage.editor.quote", pressed: (s) => s.quote },
  ],
  [
    { action: "table", icon: Table, label: "manage.editor.table", enabled: (s) => !s.inTable },
    { action: "addRow", icon: BetweenHorizontalEnd, label: "manage.editor.addRow", enabled: (s) => s.inTable },
    { action: "deleteRow", icon: Rows3, label: "manage.editor.deleteRow", enabled: (s) => s.inTable },
    { action: "addColumn", icon: BetweenVerticalEnd, label: "manage.editor.addColumn", enabled: (s) => s.inTable },
    { action: "deleteColumn", icon: Columns3, label: "manage.editor.deleteColumn", enabled: (s) => s.inTable },
    { action: "deleteTable", icon: Trash2, label: "manage.editor.deleteTable", enabled: (s) => s.inTable },
  ],
  [{ action: "image", icon: ImagePlus, label: "manage.editor.image" }],
  [
    { action: "dir-ltr", icon: PilcrowRight, label: "manage.editor.dirLtr", pressed: (s) => s.dir === "ltr" },
    { action: "dir-rtl", icon: PilcrowLeft, label: "manage.editor.dirRtl", pressed: (s) => s.dir === "rtl" },
    { action: "dir-auto", icon: ArrowLeftRight, label: "manage.editor.dirAuto", pressed: (s) => s.dir === "auto" },
  ],
  [
    { action: "undo", icon: Undo2, label: "manage.editor.undo", enabled: (s) => s.canUndo },
    { action: "redo", icon: Redo2, label: "manage.editor.redo", enabled: (s) => s.canRedo },
  ],
];

type Props = {
  /** Names the toolbar for assistive technology: 'Formatting: Content (Arabic)'. */
  label: string;
  state: ToolbarState;
  onAction: (action: ToolbarAction) => void;
  /** The link panel is open (the link button controls it). */
  linkPanelId: string;
  linkPanelOpen: boolean;
  /** An upload or an import is running: their buttons wait. */
  busy: boolean;
  dir: "ltr" | "rtl";
};

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop, the arrow keys move between buttons in the reading
 * direction (Home and End to the ends); every button is named from the catalogs and the ones that toggle say whether
 * they are on (aria-pressed). The buttons never take the focus from the text on a click (mousedown is prevented), so
 * the selection they act on stays.
 */
export function EditorToolbar({ label, state, onAction, linkPanelId, linkPanelOpen, busy, dir }: Props) {
  const t = useT();
  const ref = React.useRef<HTMLDivElement>(null);
  const [current, setCurrent] = React.useState(0);

  const buttons = () => Array.from(ref.current?.querySelectorAll<HTMLButtonElement>("button[data-toolbar-item]") ?? []);
  function onKeyDown(e: React.KeyboardEvent) {
    const all = buttons();
    const at = all.findIndex((b) => b === document.activeElement);
    if (at < 0) return;
    const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const back = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    let next = -1;
    if (e.key === forward) next = (at + 1) % all.length;
    else if (e.key === back) next = (at - 1 + all.length) % all.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = all.length - 1;
    if (next < 0) return;
    e.preventDefault();
    all[next].focus();
  }

  let index = 0;
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 p-1.5"
    >
      {TOOLBAR_GROUPS.map((group, g) => (
        <React.Fragment key={g}>
          {g > 0 ? <span role="separator" aria-orientation="vertical" className="mx-1 h-6 w-px bg-slate-300" /> : null}
          {group.map((item) => {
            const i = index++;
            const disabled = (item.enabled ? !item.enabled(state) : false) || (busy && item.action === "image");
            return (
              <ToolbarButton
                key={item.action}
                icon={item.icon}
                label={t(item.label)}
                pressed={item.pressed?.(state)}
                disabled={disabled}
                tabIndex={i === current ? 0 : -1}
                onFocus={() => setCurrent(i)}
                onClick={() => onAction(item.action)}
                {...(item.action === "link" ? { "aria-expanded": linkPanelOpen, "aria-controls": linkPanelId } : {})}
              />
            );
          })}
        </React.Fragment>
      ))}
      <span role="separator" aria-orientation="vertical" className="mx-1 h-6 w-px bg-slate-300" />
      <button
        type="button"
        data-toolbar-item=""
        tabIndex={index === current ? 0 : -1}
        onFocus={() => setCurrent(index)}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onAction("importDocx")}
        disabled={busy}
        className="inline-flex h-8 items-center gap-1.5 rounded px-2 text-sm text-navy-900 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-500 disabled:opacity-40"
      >
        <FileUp className="h-4 w-4" aria-hidden="true" />
        {t("manage.editor.importDocx")}
      </button>
    </div>
  );
}

type ButtonProps = Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "children"> & { icon: LucideIcon; label: string; pressed?: boolean };

function ToolbarButton({ icon: Icon, label, pressed, className, ...props }: ButtonProps) {
  return (
    <button
      type="button"
      data-toolbar-item=""
      aria-label={label}
      title={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      onMouseDown={(e) => e.preventDefault()}
      className={cn(
        "inline-flex h-8 w-8 items-center justify-center rounded text-navy-900 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-500 disabled:opacity-40",
        pressed && "bg-navy-900 text-white hover:bg-navy-800",
        className,
      )}
      {...props}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
