/**
 * Keeps Cancel / Save in view while a long dialog form scrolls. The dialog body has p-6, and a sticky
 * element stops at the padding edge, so it is pulled 1.5rem down to sit on the dialog's bottom edge.
 */
export const STICKY_FOOTER = "sticky -bottom-6 z-10 -mx-6 -mb-6 mt-6 flex-row justify-end border-t border-slate-200 bg-white px-6 py-4";
