import { DropdownMenu as M } from "radix-ui";
import * as React from "react";
import { useDir } from "~/i18n/provider";
import { cn } from "~/lib/utils";

/** The menu in the page's direction: 'start' and 'end' alignment and arrow keys follow the reading order. */
export function DropdownMenu(props: React.ComponentProps<typeof M.Root>) {
  return <M.Root dir={useDir()} {...props} />;
}
export const DropdownMenuTrigger = M.Trigger;
export function DropdownMenuContent({ className, align = "end", ...props }: React.ComponentProps<typeof M.Content>) {
  return (
    <M.Portal>
      <M.Content
        align={align}
        sideOffset={8}
        className={cn("z-[60] min-w-[12rem] rounded-lg border border-slate-200 bg-white p-1 text-slate-800 shadow-xl", className)}
        {...props}
      />
    </M.Portal>
  );
}
export function DropdownMenuItem({ className, ...props }: React.ComponentProps<typeof M.Item>) {
  return (
    <M.Item
      className={cn("flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100", className)}
      {...props}
    />
  );
}
export const DropdownMenuLabel = ({ className, ...props }: React.ComponentProps<typeof M.Label>) => (
  <M.Label className={cn("px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500", className)} {...props} />
);
export const DropdownMenuSeparator = () => <M.Separator className="my-1 h-px bg-slate-200" />;
