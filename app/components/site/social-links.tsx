import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { socialLinks, type Brand, type SocialNetwork } from "../../../shared/brand";
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from "../press/brand-icons";

const ICONS: Record<SocialNetwork, (props: React.SVGProps<SVGSVGElement>) => React.JSX.Element> = {
  linkedin: LinkedInIcon,
  twitter: XIcon,
  facebook: FacebookIcon,
  instagram: InstagramIcon,
};

/**
 * The company's social profiles: one icon per network whose https address is set in Settings, none at all
 * otherwise. Each opens in a new tab without giving the other site a handle on this one.
 */
export function SocialLinks({
  brand,
  className,
  linkClassName,
  iconClassName = "h-4.5 w-4.5",
}: {
  brand: Brand;
  className?: string;
  linkClassName?: string;
  iconClassName?: string;
}) {
  const t = useT();
  const links = socialLinks(brand.social);
  if (!links.length) return null;
  return (
    <ul className={cn("flex flex-wrap gap-3", className)}>
      {links.map(({ key, label, href }) => {
        const Icon = ICONS[key];
        return (
          <li key={key}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("common.social.on", { brand: brand.name, network: label })}
              title={label}
              className={linkClassName}
            >
              <Icon className={iconClassName} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** True when at least one profile is set, so a heading such as 'Follow Us' has something to introduce. */
export const hasSocialLinks = (brand: Brand) => socialLinks(brand.social).length > 0;
