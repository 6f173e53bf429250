import { Building2, ExternalLink, ImageIcon, Pencil, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ApiError, apiRequest } from "~/lib/api";
import { sectorLabel } from "~/lib/utils";
import type { PortfolioItemDto } from "../../../server/services/portfolio";
import { SECTORS } from "../../../shared/schemas";
import { DataTable, adminColumnHelper } from "./data-table";
import { PortfolioFormDialog } from "./portfolio-form-dialog";
import { TabHeader, Thumb } from "./tab-header";

const col = adminColumnHelper<PortfolioItemDto>();

export const DELETE_PORTFOLIO_CONFIRM = "Are you sure you want to delete this portfolio item?";

/** 'real-estate' -> 'Real Estate'; known sectors use their form label ('Food & Beverage'). */
export const sectorName = (value: string) => SECTORS.find((s) => s.value === value)?.label ?? sectorLabel(value);

/** 'Active', 'Partial Exit - 2023', 'Full Exit - 2021'. */
export function statusText(item: Pick<PortfolioItemDto, "status" | "exitYear">) {
  return item.exitYear ? `${item.status} - ${item.exitYear}` : item.status;
}

export function StatusBadge({ item }: { item: Pick<PortfolioItemDto, "status" | "exitYear"> }) {
  const variant = item.status === "Active" ? "green" : item.status === "Partial Exit" ? "amber" : "slate";
  return (
    <Badge variant={variant} className="whitespace-nowrap">
      {statusText(item)}
    </Badge>
  );
}

function websiteHost(url: string | null) {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** 'Portfolio Management': the companies on the website, with add, edit and delete. */
export function PortfolioTab({ companies }: { companies: PortfolioItemDto[] }) {
  const revalidator = useRevalidator();
  const [dialog, setDialog] = React.useState<{ open: boolean; item?: PortfolioItemDto }>({ open: false });
  const [deleting, setDeleting] = React.useState<number | null>(null);

  const remove = React.useCallback(
    async (item: PortfolioItemDto) => {
      if (!window.confirm(DELETE_PORTFOLIO_CONFIRM)) return;
      setDeleting(item.id);
      try {
        await apiRequest("DELETE", `/api/portfolio/${item.id}`);
        toast.success("Portfolio item deleted", { description: item.name });
        await revalidator.revalidate();
      } catch (err) {
        toast.error("Failed to remove portfolio item", { description: err instanceof ApiError ? err.message : "Please try again." });
      } finally {
        setDeleting(null);
      }
    },
    [revalidator],
  );

  const columns = React.useMemo(
    () => [
      col.accessor("name", {
        header: "Name",
        sortFn: "text",
        cell: ({ row }) => {
          const item = row.original;
          const host = websiteHost(item.website);
          return (
            <div className="flex items-center gap-3">
              <Thumb src={item.image} className="h-11 w-16" fallback={<ImageIcon className="h-4 w-4 text-slate-400" aria-hidden="true" />} />
              <div className="min-w-0">
                <div className="font-semibold text-navy-950">{item.name}</div>
                <div className="flex items-center gap-1 text-xs text-slate-500">
                  <span>Since {item.yearAcquired}</span>
                  {host ? (
                    <>
                      <span aria-hidden="true">·</span>
                      <a href={item.website!} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-0.5 hover:text-navy-800 hover:underline">
                        {host}
                        <ExternalLink className="h-3 w-3" aria-hidden="true" />
                      </a>
                    </>
                  ) : null}
                </div>
              </div>
            </div>
          );
        },
      }),
      col.accessor("companyLogo", {
        header: "Logo",
        enableSorting: false,
        cell: ({ row }) => (
          <Thumb
            src={row.original.companyLogo}
            contain
            className="h-10 w-20 bg-white"
            fallback={<Building2 className="h-4 w-4 text-slate-400" aria-label="No logo" role="img" />}
          />
        ),
      }),
      col.accessor("sector", { header: "Sector", sortFn: "text", cell: ({ getValue }) => <span className="whitespace-nowrap text-slate-700">{sectorName(getValue())}</span> }),
      col.accessor((row) => statusText(row), {
        id: "status",
        header: "Status",
        sortFn: "text",
        cell: ({ row }) => <StatusBadge item={row.original} />,
      }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only sm:not-sr-only">Actions</span>,
        cell: ({ row }) => {
          const item = row.original;
          return (
            <div className="flex justify-end gap-1">
              <Button variant="ghost" size="icon" aria-label={`Edit ${item.name}`} title="Edit" onClick={() => setDialog({ open: true, item })}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${item.name}`}
                title="Delete"
                className="text-red-600 hover:bg-red-50 hover:text-red-700"
                disabled={deleting === item.id}
                onClick={() => void remove(item)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          );
        },
      }),
    ],
    [remove, deleting],
  );

  return (
    <section aria-labelledby="portfolio-heading">
      <TabHeader id="portfolio-heading" title="Portfolio Management" description="Companies shown in the portfolio section of the website.">
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Portfolio Company
        </Button>
      </TabHeader>
      <DataTable
        label="Portfolio companies"
        data={companies}
        columns={columns}
        getRowId={(r) => String(r.id)}
        searchPlaceholder="Search companies..."
        initialSorting={[{ id: "name", desc: false }]}
        empty={
          <div className="space-y-2">
            <Building2 className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
            <p className="font-medium text-slate-700">No portfolio companies yet</p>
            <p className="text-sm">Add the first company to show it on the website.</p>
          </div>
        }
        columnClasses={{ name: "min-w-[16rem]", actions: "w-24 text-right" }}
      />
      <PortfolioFormDialog
        open={dialog.open}
        item={dialog.item}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={() => void revalidator.revalidate()}
      />
    </section>
  );
}
