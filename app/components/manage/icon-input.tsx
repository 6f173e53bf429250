import type { LucideIcon } from "lucide-react";
import * as React from "react";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/**
 * An input with an icon at its start (the search box, URL fields). Addresses are typed left to right in both
 * languages: a url or email input (or one given dir="ltr") is left to right whatever the page's direction; other inputs follow the page.
 */
export const IconInput = React.forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement> & { icon: LucideIcon }>(
  ({ icon: Icon, className, ...props }, ref) => {
    const ltr = props.type === "url" || props.type === "email" || props.dir === "ltr";
    return (
      // The wrapper takes the input's direction too, so the icon stays on the side where typing starts.
      <div className="relative" dir={ltr ? "ltr" : undefined}>
        <Icon className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input ref={ref} className={cn("ps-9", className)} {...props} dir={ltr ? "ltr" : props.dir} />
      </div>
    );
  },
);
IconInput.displayName = "IconInput";
