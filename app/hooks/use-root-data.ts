import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/**
 * The root route's data (who is signed in, the brand, the language, the site's origin), or undefined where the root
 * loader has no data (an error page before it ran). The root module is imported as a type only: the header and the
 * footer that read this are rendered by the root, so a value import would make an import cycle.
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
