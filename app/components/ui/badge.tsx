import * as React from "react";
import { cn } from "~/lib/utils";

const variants = {
  default: "bg-navy-900 text-white",
  gold: "bg-gold-100 text-gold-800 ring-1 ring-gold-300",
  outline: "ring-1 ring-slate-300 text-slate-700",
  green: "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200",
  amber: "bg-amber-50 text-amber-800 ring-1 ring-amber-200",
  slate: "bg-slate-100 text-slate-700 ring-1 ring-slate-200",
  red: "bg-red-50 text-red-700 ring-1 ring-red-200",
} as const;

export function Badge({ className, variant = "default", ...props }: React.HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof variants }) {
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", variants[variant], className)} {...props} />;
}
