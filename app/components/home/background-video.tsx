import * as React from "react";
import { cn } from "~/lib/utils";
import { useReducedMotion } from "./motion";

/**
 * A muted, looping decorative video. The server renders only its poster image, so the first paint never waits
 * for video and a browser without JavaScript shows a still picture (not a video with native controls). After
 * hydration the video is added on top of the poster and fades in once it actually plays. Visitors who prefer
 * reduced motion, or who asked to save data, keep the still picture.
 */
export function BackgroundVideo({
  webm,
  mp4,
  poster,
  className,
  priority = false,
  playOnlyWhenVisible = false,
}: {
  webm: string;
  mp4: string;
  poster: string;
  className?: string;
  priority?: boolean;
  playOnlyWhenVisible?: boolean;
}) {
  const reduced = useReducedMotion();
  const [client, setClient] = React.useState<{ saveData: boolean } | null>(null);
  const [playing, setPlaying] = React.useState(false);
  const ref = React.useRef<HTMLVideoElement>(null);

  React.useEffect(() => {
    setClient({ saveData: (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true });
  }, []);
  const enabled = client !== null && !client.saveData && !reduced;

  React.useEffect(() => {
    const video = ref.current;
    if (!enabled || !video) return;
    video.muted = true;
    const play = () => video.play().catch((err: unknown) => console.info("Background video did not autoplay:", err instanceof Error ? err.message : err));
    if (!playOnlyWhenVisible || typeof IntersectionObserver === "undefined") {
      void play();
      return;
    }
    // Off screen it pauses: no decoding work for a video nobody sees.
    const io = new IntersectionObserver(([entry]) => (entry?.isIntersecting ? void play() : video.pause()));
    io.observe(video);
    return () => io.disconnect();
  }, [enabled, playOnlyWhenVisible]);

  return (
    <>
      <img
        src={poster}
        alt=""
        aria-hidden="true"
        decoding="async"
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        className={cn("object-cover", className)}
      />
      {enabled ? (
        <video
          ref={ref}
          className={cn("object-cover transition-opacity duration-1000", playing ? "opacity-100" : "opacity-0", className)}
          poster={poster}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
          disablePictureInPicture
          onPlaying={() => setPlaying(true)}
        >
          <source src={webm} type="video/webm" />
          <source src={mp4} type="video/mp4" />
        </video>
      ) : null}
    </>
  );
}
