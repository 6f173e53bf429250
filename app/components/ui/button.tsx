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

type AnyProps = Record<string, unknown>;

function setRef<T>(ref: React.Ref<T> | undefined, node: T | null) {
  if (typeof ref === "function") ref(node);
  else if (ref) (ref as React.RefObject<T | null>).current = node;
}

/**
 * `asChild`: the button's one child element (a link) becomes the button: it gets the button's classes before
 * its own, both refs, both event handlers (the child's first), and its own props win otherwise. Every page
 * loads the button, so this small merge replaces a library for it.
 */
function asChildElement(child: React.ReactElement<AnyProps>, props: AnyProps, ref: React.Ref<HTMLButtonElement>) {
  const own = child.props;
  const merged: AnyProps = { ...props, ...own };
  for (const [key, value] of Object.entries(props)) {
    const mine = own[key];
    if (key === "className") merged.className = [value, mine].filter(Boolean).join(" ");
    else if (key === "style") merged.style = { ...(value as object), ...(mine as object | undefined) };
    else if (/^on[A-Z]/.test(key) && typeof value === "function" && typeof mine === "function") {
      merged[key] = (...args: unknown[]) => {
        (mine as (...a: unknown[]) => unknown)(...args);
        (value as (...a: unknown[]) => unknown)(...args);
      };
    }
  }
  const childRef = own.ref as React.Ref<unknown> | undefined;
  merged.ref = (node: HTMLButtonElement | null) => {
    setRef(ref, node);
    setRef(childRef, node);
  };
  return React.cloneElement(child, merged);
}

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(
  ({ className, variant = "default", size = "default", asChild, children, ...props }, ref) => {
    const classes = cn(
      "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60",
      variants[variant],
      sizes[size],
      className,
    );
    if (asChild && React.isValidElement<AnyProps>(children)) return asChildElement(children, { ...props, className: classes }, ref);
    return (
      <button ref={ref} className={classes} {...props}>
        {children}
      </button>
    );
  },
);
Button.displayName = "Button";
