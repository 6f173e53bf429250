import { Tabs as T } from "radix-ui";
import * as React from "react";
import { useDir } from "~/i18n/provider";
import { cn } from "~/lib/utils";

/** Tabs in the page's direction: the arrow keys move in reading order. */
export function Tabs(props: React.ComponentProps<typeof T.Root>) {
  return <T.Root dir={useDir()} {...props} />;
}
export function TabsList({ className, ...props }: React.ComponentProps<typeof T.List>) {
  return <T.List className={cn("inline-flex flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1", className)} {...props} />;
}
export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        "rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 data-[state=active]:bg-white data-[state=active]:text-navy-950 data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
    />
  );
}
export function TabsContent({ className, ...props }: React.ComponentProps<typeof T.Content>) {
  return <T.Content className={cn("mt-6 focus-visible:outline-none", className)} {...props} />;
}
