import { useT } from "~/i18n/provider";
import { shareUrls } from "../../../shared/social";
import { FacebookIcon, LinkedInIcon, XIcon } from "./brand-icons";

const BUTTONS = [
  { key: "twitter", label: "Twitter", Icon: XIcon, className: "hover:border-black hover:bg-black hover:text-white" },
  { key: "linkedin", label: "LinkedIn", Icon: LinkedInIcon, className: "hover:border-[#0a66c2] hover:bg-[#0a66c2] hover:text-white" },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon, className: "hover:border-[#1877f2] hover:bg-[#1877f2] hover:text-white" },
] as const;

/**
 * Share links to the platforms' own share pages with the absolute page URL. Plain links (they work
 * without JavaScript); once hydrated they open a share-sized window, without giving it our window.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const t = useT();
  const urls = shareUrls(url, title);
  return (
    <div className="grid grid-cols-3 gap-2">
      {BUTTONS.map(({ key, label, Icon, className }) => (
        <a
          key={key}
          href={urls[key]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t("site.social.shareOn", { platform: label })}
          onClick={(e) => {
            e.preventDefault();
            window.open(urls[key], `share-${key}`, "noopener,noreferrer,width=620,height=640");
          }}
          className={`inline-flex h-11 flex-col items-center justify-center gap-0.5 rounded-md border border-slate-300 bg-white text-xs font-semibold text-navy-900 transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2 sm:h-10 sm:flex-row sm:gap-2 sm:text-sm ${className}`}
        >
          <Icon className="h-4 w-4" />
          {label}
        </a>
      ))}
    </div>
  );
}
