/**
 * The text of a built stylesheet by its address, set by the server entry (app/entry.server.tsx) from the built
 * server's static files; unset in the browser, and answering undefined under the development server, where the
 * stylesheet is linked.
 */
export let stylesheetSource: ((href: string) => string | undefined) | undefined;
export const setStylesheetSource = (source: (href: string) => string | undefined) => {
  stylesheetSource = source;
};
