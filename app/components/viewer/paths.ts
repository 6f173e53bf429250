/** The portal's library, where the viewer's Back link goes. */
export const LIBRARY_PATH = "/investor-portal";

/** A document's page in the viewer (a site path: links put it in the page's language). */
export const viewerPath = (id: number) => `/investor-portal/documents/${id}`;
