import { Newspaper } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * A release's image at 16:10, or a branded placeholder when it has none (or the image fails to load,
 * e.g. an external publisher's image that has since moved).
 */
export function PressImage({
  src,
  alt,
  className,
  priority = false,
  sizes = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
  sizes?: string;
}) {
  return (
    <div className={cn("relative aspect-[16/10] overflow-hidden bg-gradient-to-br from-navy-900 via-navy-800 to-navy-700", className)}>
      <div className="absolute inset-0 flex items-center justify-center text-white/25" aria-hidden="true">
        <Newspaper className="h-1/4 max-h-10 w-1/4 max-w-10" />
      </div>
      {src ? (
        <img
          src={src}
          alt={alt}
          width={1200}
          height={750}
          sizes={sizes}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          fetchPriority={priority ? "high" : undefined}
          className="absolute inset-0 h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          onError={(e) => {
            e.currentTarget.style.display = "none";
          }}
        />
      ) : null}
    </div>
  );
}
