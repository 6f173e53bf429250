/** Admin 'Documents' tab (admin issue, item 8). */
export function DocumentsTab() {
  return null;
}
