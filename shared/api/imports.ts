import { z } from "zod";
import { endpoint } from "./contract";

/** A Word document read into the press editor's HTML. */
export const docxImportSchema = z
  .strictObject({
    html: z.string().meta({ description: "Sanitized HTML: headings, paragraphs, lists, links, tables, bold and italics." }),
    droppedImages: z.number().int().meta({ description: "Images the document had; they are not imported (add them with the editor's image button)." }),
  })
  .meta({ id: "DocxImport" });

/** Importing a release's text from a file, converted on this server only. */
export const importEndpoints = {
  docx: endpoint({
    method: "POST",
    path: "/api/admin/press-releases/import-docx",
    tag: "Press releases",
    summary: "Reads a Word document (.docx) into HTML for the press editor",
    description:
      "Multipart field `file`, at most 5 MB. 415 for anything that is not a .docx (the bytes decide); 413 for a larger file or one whose parts unpack to more than 50 MB (or compress like a zip bomb); 422 for a document that cannot be read or takes more than 10 s to convert. Images are dropped and counted. Nothing is stored.",
    access: "admin",
    multipart: z.strictObject({ file: z.string().meta({ format: "binary", description: "The .docx document." }) }),
    response: docxImportSchema,
    errors: ["BAD_REQUEST", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA", "UNPROCESSABLE", "TOO_MANY_REQUESTS", "BUSY"],
  }),
};

/** A converted document as the API answers it. */
export type DocxImportAnswer = z.output<typeof docxImportSchema>;
