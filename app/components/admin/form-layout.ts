/** Keeps Cancel / Save in view while a long dialog form scrolls (the dialog body has p-6). */
export const STICKY_FOOTER = "sticky bottom-0 z-10 -mx-6 -mb-6 mt-6 border-t border-slate-200 bg-white/95 px-6 py-4 backdrop-blur";
