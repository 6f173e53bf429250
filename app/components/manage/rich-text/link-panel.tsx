import type { Editor } from "@tiptap/react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import { isAllowedLink } from "../../../../shared/rich-text-schema";

type Props = { id: string; editor: Editor; onClose: () => void };

/**
 * The link under the toolbar: the address of the selected text (or of the link at the cursor), https: or mailto:
 * only, the same rule the server applies. Enter applies (never submits the release's form), Escape closes; both give
 * the focus back to the text.
 */
export function LinkPanel({ id, editor, onClose }: Props) {
  const t = useT();
  const [href, setHref] = React.useState(() => (editor.getAttributes("link").href as string | undefined) ?? "https://");
  const [error, setError] = React.useState(false);
  const inputId = `${id}-href`;
  const input = React.useRef<HTMLInputElement>(null);
  // The panel opens from the toolbar's button: the address is what the writer types next.
  React.useEffect(() => input.current?.focus(), []);

  function close() {
    onClose();
    editor.commands.focus();
  }
  function apply() {
    const value = href.trim();
    if (!isAllowedLink(value) || value === "https://" || value === "mailto:") {
      setError(true);
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: value }).run();
    onClose();
  }
  function remove() {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  }

  return (
    <div id={id} data-own-escape className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-white px-3 py-2">
      <div className="min-w-56 flex-1 space-y-1">
        <label htmlFor={inputId} className="text-xs font-medium text-slate-700">
          {t("manage.editor.linkAddress")}
        </label>
        <Input
          ref={input}
          id={inputId}
          dir="ltr"
          inputMode="url"
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => {
            setHref(e.target.value);
            setError(false);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            } else if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
        />
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="text-xs text-red-600">
            {t("manage.editor.linkInvalid")}
          </p>
        ) : null}
      </div>
      <Button type="button" size="sm" onClick={apply}>
        {t("manage.editor.linkApply")}
      </Button>
      {editor.isActive("link") ? (
        <Button type="button" size="sm" variant="outline" onClick={remove}>
          {t("manage.editor.linkRemove")}
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="ghost" onClick={close}>
        {t("manage.editor.linkCancel")}
      </Button>
    </div>
  );
}
