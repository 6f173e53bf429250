import { Languages, Plus, type LucideIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { DeleteIconButton, EditIconButton } from "~/components/ui/icon-buttons";
import { useLocale, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { toast } from "~/lib/toast";
import { failureText } from "~/components/manage/form-errors";
import { ConfirmDialog } from "../manage/confirm-dialog";
import { isLocale, LOCALE_INFO, type Locale } from "../../../shared/i18n/locales";

/** The language an item's text is in (`contentLocale`, where the data has it), English when not said. */
function contentLocaleOf(item: object): Locale {
  const value = "contentLocale" in item ? item.contentLocale : undefined;
  return isLocale(value) ? value : "en";
}

/**
 * An item's database text; when it is not in the page's language it is marked with its own language and direction
 * (an English title on an Arabic page is read and laid out as English, while the block keeps the page's alignment).
 */
export function ContentText({ of: item, children }: { of: object; children: React.ReactNode }) {
  const locale = useLocale();
  const lang = contentLocaleOf(item);
  if (lang === locale) return <>{children}</>;
  return (
    <span lang={lang} dir={LOCALE_INFO[lang].dir}>
      {children}
    </span>
  );
}

/** A quiet line saying some of the listed texts are shown in English, when any item is not in the page's language. */
export function TranslationMissingNote({ items, className }: { items: readonly object[]; className?: string }) {
  const t = useT();
  const locale = useLocale();
  if (!items.some((item) => contentLocaleOf(item) !== locale)) return null;
  return (
    <p className={cn("flex items-center gap-1.5 text-xs text-slate-500", className)}>
      <Languages className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {t("common.translationMissing")}
    </p>
  );
}

/** A portal panel's heading with its one-line summary and, for admins, the "Add …" button. */
export function PanelHeader({
  id,
  title,
  summary,
  addLabel,
  onAdd,
  className,
  children,
}: {
  id: string;
  title: string;
  summary: React.ReactNode;
  /** Shown only when given (admins). */
  addLabel?: string;
  onAdd?: () => void;
  className?: string;
  /** Further lines under the summary. */
  children?: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div>
        <h3 id={id} className="font-display text-xl font-semibold text-navy-950">
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-500">{summary}</p>
        {children}
      </div>
      {addLabel && onAdd ? (
        <Button onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {addLabel}
        </Button>
      ) : null}
    </div>
  );
}

/** A card's or row's picture, or the panel's icon on the dark tile when there is none. */
export function Thumbnail({
  src,
  icon: Icon,
  imageClassName,
  iconClassName,
}: {
  src: string | null;
  icon: LucideIcon;
  imageClassName: string;
  iconClassName: string;
}) {
  if (src) return <img src={src} alt="" loading="lazy" className={imageClassName} />;
  return (
    <div className="flex h-full items-center justify-center text-navy-300">
      <Icon className={iconClassName} aria-hidden="true" />
    </div>
  );
}

/** What a portal panel shows when it has nothing to list. */
export function EmptyPanel({ icon: Icon, title, text, className }: { icon: LucideIcon; title: string; text: string; className?: string }) {
  return (
    <div className={cn("px-6 py-16 text-center", className)}>
      <Icon className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-semibold text-navy-950">{title}</p>
      <p className="mt-1 text-sm text-slate-500">{text}</p>
    </div>
  );
}

/**
 * What an admin is doing in a portal panel: adding or editing an item in the form dialog, or confirming a delete.
 * The portfolio and press panels keep the same state the same way. The panel lists items in the page's language,
 * so editing first reads the item with both languages (`loadForEdit`): the form shows and keeps the English and
 * the Arabic texts side by side, whichever language the portal is in.
 */
export function usePanelEditing<T extends { id: number }>(loadForEdit: (item: T) => Promise<T>) {
  const t = useT();
  const [editing, setEditing] = React.useState<T | undefined>();
  const [formOpen, setFormOpen] = React.useState(false);
  const [deleting, setDeleting] = React.useState<T | null>(null);
  const [opening, setOpening] = React.useState<number | null>(null);
  return {
    editing,
    formOpen,
    setFormOpen,
    deleting,
    /** The id of the item whose edit form is being read. */
    opening,
    add: () => {
      setEditing(undefined);
      setFormOpen(true);
    },
    edit: async (item: T) => {
      setOpening(item.id);
      try {
        setEditing(await loadForEdit(item));
        setFormOpen(true);
      } catch (err) {
        toast.error(t("portal.item.openFailed"), { description: failureText(err, t) });
      } finally {
        setOpening(null);
      }
    },
    askDelete: (item: T) => setDeleting(item),
    closeDelete: () => setDeleting(null),
  };
}

/** An item's edit and delete buttons (admins); their labels name the item. */
export function RowActions({ name, onEdit, onDelete, className }: { name: string; onEdit: () => void; onDelete: () => void; className?: string }) {
  const t = useT();
  return (
    <div className={cn("flex items-center gap-1", className)}>
      <EditIconButton onClick={onEdit} aria-label={t("portal.item.edit", { name })} />
      <DeleteIconButton onClick={onDelete} aria-label={t("portal.item.delete", { name })} />
    </div>
  );
}

/** The delete confirmation of a panel, in the page's language; `onConfirm` runs for the item being deleted. */
export function DeletePrompt<T>({
  item,
  onClose,
  title,
  description,
  onConfirm,
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  description: React.ReactNode;
  onConfirm: (item: T) => Promise<unknown>;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel={t("portal.confirm.delete")}
      cancelLabel={t("portal.confirm.cancel")}
      onConfirm={async () => {
        if (item !== null) await onConfirm(item);
      }}
    />
  );
}
