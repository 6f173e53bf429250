import { Slot } from "radix-ui";
import * as React from "react";
import { cn } from "~/lib/utils";

const variants = {
  default: "bg-navy-900 text-white hover:bg-navy-800 shadow-sm",
  gold: "bg-gold-500 text-navy-950 hover:bg-gold-400 shadow-sm",
  outline: "border border-slate-300 bg-white text-navy-900 hover:bg-slate-50",
  ghost: "text-navy-900 hover:bg-slate-100",
  light: "border border-white/40 text-white hover:bg-white/10",
  destructive: "bg-red-600 text-white hover:bg-red-700",
  link: "text-navy-800 underline-offset-4 hover:underline px-0",
} as const;
const sizes = { default: "h-10 px-5", sm: "h-8 px-3 text-sm", lg: "h-12 px-7 text-base", icon: "h-9 w-9 p-0" } as const;

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant = "default", size = "default", asChild, ...props }, ref) => {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      ref={ref}
      className={cn(
        "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
Button.displayName = "Button";
