import * as React from "react";
import type { RevisionsDialogProps } from "./revisions-dialog";

export type { RevisionsDialogProps };

// The dialog and the word comparison it uses load on first opening, in a chunk of their own: neither the public
// pages nor the dashboard's first paint carry them.
const LazyRevisionsDialog = React.lazy(() => import("./revisions-dialog"));

/**
 * An item's revisions (press release or portfolio company): the list with who and when, two compared side by side in
 * English and Arabic, and 'Restore as draft' with a confirmation. Mounted only once opened.
 */
export function RevisionsDialog(props: RevisionsDialogProps) {
  const [opened, setOpened] = React.useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <React.Suspense fallback={null}>
      <LazyRevisionsDialog {...props} />
    </React.Suspense>
  );
}
