/** Admin 'Investor Applications' tab (admin issue, item 9). */
export function ApplicationsTab() {
  return null;
}
