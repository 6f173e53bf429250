import type * as React from "react";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import type { NavEntry } from "~/lib/navigation";
import { AnchorLink } from "./anchor-link";

type Props = {
  entry: NavEntry;
  /** Runs when the link is followed (a menu closes). */
  onNavigate?: () => void;
  /** What the link shows; the entry's label by default. */
  children?: React.ReactNode;
} & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "children">;

/**
 * A link of the site's navigation (app/lib/navigation.ts): a section of the home page through AnchorLink, a page
 * through Link. Other props (and a menu item's, given through `asChild`) reach the link element.
 */
export function NavEntryLink({ entry, onNavigate, children, ...rest }: Props) {
  const t = useT();
  const text = children ?? t(entry.label);
  if (entry.anchor !== undefined) {
    return (
      <AnchorLink to={entry.anchor} onNavigate={onNavigate} {...rest}>
        {text}
      </AnchorLink>
    );
  }
  return (
    <Link to={entry.to} onClick={onNavigate && (() => onNavigate())} {...rest}>
      {text}
    </Link>
  );
}
