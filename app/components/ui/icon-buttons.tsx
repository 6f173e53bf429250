import { Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { cn } from "~/lib/utils";
import { Button, type ButtonProps } from "./button";

type IconButtonProps = Omit<ButtonProps, "variant" | "size">;

/** The pencil button of a row (edit, rename); its `aria-label` names what it edits. */
export const EditIconButton = React.forwardRef<HTMLButtonElement, IconButtonProps>(function EditIconButton({ children, ...props }, ref) {
  return (
    <Button ref={ref} variant="ghost" size="icon" {...props}>
      {children ?? <Pencil className="h-4 w-4" aria-hidden="true" />}
    </Button>
  );
});

/** The red bin button of a row; its `aria-label` names what it deletes. */
export const DeleteIconButton = React.forwardRef<HTMLButtonElement, IconButtonProps>(function DeleteIconButton({ className, ...props }, ref) {
  return (
    <Button ref={ref} variant="ghost" size="icon" className={cn("text-red-600 hover:bg-red-50 hover:text-red-700", className)} {...props}>
      <Trash2 className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
});
