/**
 * Pasted HTML, made ready for the editor's schema before ProseMirror parses it (the browser's DOMParser; the editor
 * only runs in the browser):
 * - Word writes its lists as paragraphs marked `mso-list:l0 level1`, each with its bullet or number as text in an
 *   `mso-list:Ignore` span; they become real nested <ul>/<ol> lists (numbers, letters and roman numerals are ordered).
 * - The release's title is the page's <h1>: a pasted h1 becomes h2, and h4 to h6 become h3 (the editor's levels).
 */

const ORDERED_MARKER = /^\(?(\d+|[a-z]|[ivxlcdm]+)[.)]$/i;
const isWordListItem = (el: Element) => el.tagName === "P" && /mso-list:\s*l\d+\s+level\d+/i.test(el.getAttribute("style") ?? "");
const levelOf = (el: Element) => Number(/level(\d+)/i.exec(el.getAttribute("style") ?? "")?.[1] ?? 1);
/** Word's id of the list a paragraph belongs to ('l0', 'l1'): two lists side by side have different ones. */
const listOf = (el: Element) => /mso-list:\s*(l\d+)/i.exec(el.getAttribute("style") ?? "")?.[1];

/** Word's list paragraphs as lists, each run of neighbouring ones one list (nested by their levels). */
function rebuildWordLists(doc: Document) {
  const items = Array.from(doc.body.querySelectorAll("p")).filter(isWordListItem);
  const done = new Set<Element>();
  for (const first of items) {
    if (done.has(first)) continue;
    // The run: this paragraph and the paragraphs of the same list right after it (blank text between them does not
    // break it; a paragraph of another list, say a numbered one right after a bulleted one, does).
    const run: Element[] = [];
    for (let el: Element | null = first; el && isWordListItem(el) && listOf(el) === listOf(first); el = el.nextElementSibling) run.push(el);
    const stack: { level: number; list: HTMLElement }[] = [];
    for (const p of run) {
      done.add(p);
      const level = levelOf(p);
      const marker = p.querySelector('span[style*="mso-list:Ignore" i], span[style*="mso-list: Ignore" i]');
      const ordered = ORDERED_MARKER.test((marker?.textContent ?? "").replace(/\u00a0/g, " ").trim());
      marker?.remove();
      while (stack.length && stack[stack.length - 1].level > level) stack.pop();
      if (!stack.length || stack[stack.length - 1].level < level) {
        const list = doc.createElement(ordered ? "ol" : "ul");
        const parentItem = stack.length ? stack[stack.length - 1].list.lastElementChild : null;
        // A deeper level goes inside the last item; a first or shallower one where the paragraph stood.
        if (parentItem) parentItem.appendChild(list);
        else p.before(list);
        stack.push({ level, list });
      }
      const li = doc.createElement("li");
      const para = doc.createElement("p");
      while (p.firstChild) para.appendChild(p.firstChild);
      li.appendChild(para);
      stack[stack.length - 1].list.appendChild(li);
      p.remove();
    }
  }
}

/** Headings at the editor's levels: h1 -> h2, h4-h6 -> h3. */
function fitHeadings(doc: Document) {
  for (const el of Array.from(doc.body.querySelectorAll("h1, h4, h5, h6"))) {
    const heading = doc.createElement(el.tagName === "H1" ? "h2" : "h3");
    while (el.firstChild) heading.appendChild(el.firstChild);
    el.replaceWith(heading);
  }
}

/** The pasted HTML the editor parses (ProseMirror's transformPastedHTML). */
export function cleanPastedHtml(html: string): string {
  if (!/mso-list|<h[14-6][\s>]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  rebuildWordLists(doc);
  fitHeadings(doc);
  return doc.body.innerHTML;
}
