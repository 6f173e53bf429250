import type { Translate } from "~/i18n/provider";
import { describeUserAgent } from "../../../shared/user-agent";

/** 'Chrome on Windows' in the page's language, from a stored User-Agent. */
export function deviceLabel(t: Translate, userAgent: string | null | undefined) {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return t("account.device.browserOnOs", { browser, os });
  if (browser) return t("account.device.browserOnly", { browser });
  if (os) return t("account.device.osOnly", { os });
  return t("account.device.unknown");
}

/** True for a phone or tablet's system (the list shows a phone for it). */
export const isPhone = (userAgent: string | null | undefined) => {
  const { os } = describeUserAgent(userAgent);
  return os === "iOS" || os === "Android" || os === "Windows Phone";
};
