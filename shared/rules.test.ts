import { describe, expect, it } from "vitest";
import type { Role } from "./roles";
import {
  ACCESS_DENIED_TEXT,
  ACCESS_DENIED_TITLE,
  afterSignInPath,
  canSeeInvestorDocuments,
  hasInvestorAccess,
  hasRole,
  HOMEPAGE_LIMIT,
  HOMEPAGE_LIMIT_FORM_TOAST,
  HOMEPAGE_LIMIT_MESSAGE,
  HOMEPAGE_LIMIT_TOAST,
  isAdmin,
  needsSecondFactor,
  RELATED_PRESS_LIMIT,
} from "./rules";
import { message as translate } from "../server/lib/messages";
import type { MessageId } from "./i18n/messages";

/** A user in a session that proved a second factor (`proved`), as every admin session with admin rights is. */
const as = (role: Role, proved = true) => ({ role, secondFactorProved: proved });
const en = (id: MessageId) => translate("en", id);
const roles: Role[] = ["regular", "investor", "admin"];

describe("[rules] limits and their texts", () => {
  it("[rules] at most 3 releases on the homepage and 3 related releases", () => {
    expect(HOMEPAGE_LIMIT).toBe(3);
    expect(RELATED_PRESS_LIMIT).toBe(3);
  });

  it("[rules] the API and the press form say 'shown'; the homepage switch says 'displayed'", () => {
    expect(en(HOMEPAGE_LIMIT_MESSAGE)).toBe("Only 3 press releases can be shown on the homepage. Please remove one first.");
    expect(HOMEPAGE_LIMIT_FORM_TOAST.description).toBe(HOMEPAGE_LIMIT_MESSAGE);
    expect(en(HOMEPAGE_LIMIT_FORM_TOAST.title)).toBe("Maximum limit reached");
    expect(en(HOMEPAGE_LIMIT_TOAST.title)).toBe("Homepage limit reached");
    expect(en(HOMEPAGE_LIMIT_TOAST.description)).toBe("Only 3 press releases can be displayed on the homepage. Please remove one first.");
  });

  it("[rules] the texts are message ids with an Arabic text that names the same limit", () => {
    expect(translate("ar", HOMEPAGE_LIMIT_MESSAGE)).toBe("لا يمكن عرض أكثر من ثلاثة بيانات صحفية على الصفحة الرئيسية. يُرجى إزالة أحدها أولًا.");
    expect(en(HOMEPAGE_LIMIT_MESSAGE)).toContain(`Only ${HOMEPAGE_LIMIT} `);
    expect(translate("ar", ACCESS_DENIED_TITLE)).not.toBe(en(ACCESS_DENIED_TITLE));
  });

  it("[rules] the Access Denied page names the role the page is for", () => {
    expect(en(ACCESS_DENIED_TITLE)).toBe("Access Denied");
    expect(en(ACCESS_DENIED_TEXT.admin)).toBe("This page is only accessible to administrators.");
    expect(en(ACCESS_DENIED_TEXT.investor)).toBe("This page is only accessible to investors.");
  });
});

describe("[rules] role predicates", () => {
  it("[rules] only admins are admins", () => {
    expect(roles.filter((r) => isAdmin(as(r)))).toEqual(["admin"]);
  });

  it("[rules] investors and admins have investor access and see investor documents; regular members do not", () => {
    expect(roles.filter((r) => hasInvestorAccess(as(r)))).toEqual(["investor", "admin"]);
    expect(roles.filter((r) => canSeeInvestorDocuments(as(r)))).toEqual(["investor", "admin"]);
  });

  it("[rules] admins pass every role check; others need one of the roles asked for", () => {
    expect(roles.filter((r) => hasRole(as(r), "admin"))).toEqual(["admin"]);
    expect(roles.filter((r) => hasRole(as(r), "investor"))).toEqual(["investor", "admin"]);
    expect(roles.filter((r) => hasRole(as(r), "regular"))).toEqual(["regular", "admin"]);
    expect(roles.filter((r) => hasRole(as(r), "regular", "investor"))).toEqual(roles);
    expect(roles.filter((r) => hasRole(as(r)))).toEqual(["admin"]);
  });

  it("[rules] an admin whose session did not prove a second factor has no more than a member's rights", () => {
    const passwordOnly = as("admin", false);
    expect(isAdmin(passwordOnly)).toBe(false);
    expect(hasInvestorAccess(passwordOnly)).toBe(false);
    expect(canSeeInvestorDocuments(passwordOnly)).toBe(false);
    expect(hasRole(passwordOnly, "admin")).toBe(false);
    expect(hasRole(passwordOnly, "investor")).toBe(false);
    expect(needsSecondFactor(passwordOnly)).toBe(true);
    expect(needsSecondFactor(as("admin"))).toBe(false);
    // Other roles need no second factor for their rights.
    expect(hasRole(as("investor", false), "investor")).toBe(true);
    expect(needsSecondFactor(as("investor", false))).toBe(false);
  });

  it("[rules] after signing in, admins land on /admin, investors on the portal, anyone else on the page they asked for", () => {
    expect(afterSignInPath(as("admin"), "/press-releases")).toBe("/admin");
    expect(afterSignInPath(as("investor"), "/press-releases")).toBe("/investor-portal");
    expect(afterSignInPath(as("regular"), "/press-releases")).toBe("/press-releases");
    // An e-mailed account link (or the account page) is finished whatever the role.
    expect(afterSignInPath(as("admin"), "/confirm-email?token=abc")).toBe("/confirm-email?token=abc");
    expect(afterSignInPath(as("investor"), "/account?setup=two-factor")).toBe("/account?setup=two-factor");
    expect(afterSignInPath(as("investor"), "/accounting")).toBe("/investor-portal");
  });
});
