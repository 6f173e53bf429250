import * as React from "react";
import { cn } from "~/lib/utils";

/** A native select: accessible, works without JavaScript, and styled like the inputs. */
export const NativeSelect = React.forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(({ className, ...props }, ref) => (
  <select
    ref={ref}
    className={cn(
      "flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 disabled:opacity-60 aria-[invalid=true]:border-red-500",
      className,
    )}
    {...props}
  />
));
NativeSelect.displayName = "NativeSelect";
