import { FileSpreadsheet, FileText, Presentation } from "lucide-react";
import { cn } from "~/lib/utils";
import { extensionOf } from "./types";

/** The file-type icon of the investor library: PDF, spreadsheet, document or presentation. */
export function FileIcon({ fileName, className }: { fileName: string; className?: string }) {
  const ext = extensionOf(fileName);
  const [Icon, colour] =
    ext === "xlsx"
      ? [FileSpreadsheet, "bg-emerald-50 text-emerald-700"]
      : ext === "pptx"
        ? [Presentation, "bg-orange-50 text-orange-700"]
        : ext === "docx"
          ? [FileText, "bg-sky-50 text-sky-700"]
          : [FileText, "bg-red-50 text-red-700"];
  return (
    <span className={cn("flex h-10 w-10 shrink-0 items-center justify-center rounded-lg", colour, className)}>
      <Icon className="h-5 w-5" aria-hidden="true" />
    </span>
  );
}
