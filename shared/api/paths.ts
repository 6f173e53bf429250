/** Paths of the API: pure string work, no schemas (the browser's client imports this and nothing heavier). */

/** The path with its parameters filled in (each one URL-encoded). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The hidden contact-form field only a bot fills in (the API and the no-JavaScript form both read it). */
export const CONTACT_HONEYPOT_FIELD = "website";
