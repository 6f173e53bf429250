import { metaT } from "~/i18n/meta";
import { SCREEN_LABELS } from "./screen-nav";
import type { AdminScreen } from "../../../shared/admin-screens";

type Match = { id: string; data?: unknown; pathname?: string } | undefined;

/** A dashboard screen's title ('Press Releases · Admin Dashboard | …'), never indexed. */
export function screenMeta(screen: AdminScreen) {
  return ({ matches }: { matches: readonly Match[] }) => {
    const t = metaT(matches);
    return [{ title: t("admin.meta.screenTitle", { screen: t(SCREEN_LABELS[screen].label) }) }, { name: "robots", content: "noindex" }];
  };
}
