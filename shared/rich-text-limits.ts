/**
 * The press editor's documents (JSON) have their own bounds beside PRESS_LIMITS.content (the rendered HTML): a
 * document that renders to the content's maximum of HTML is about four times that as JSON at worst (each paragraph
 * and list item carries its type and direction), so `docChars` leaves room for it; `depth` and `nodes` bound the
 * work of checking and rendering one. No Tiptap here: the shared schemas read these numbers on every page.
 */
export const RICH_TEXT_LIMITS = { docChars: 500_000, depth: 24, nodes: 50_000 } as const;

/**
 * The JSON body of a press release write: both languages' HTML and documents (Arabic letters are two bytes each in
 * UTF-8) fit with room to spare. Only an administrator's writes to press releases are read with it.
 */
export const PRESS_BODY_LIMIT = "3mb";
