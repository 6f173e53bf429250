import { describe, expect, it } from "vitest";
import { documentReadAccess } from "./documents";

const viewer = (role: "regular" | "investor" | "admin", secondFactorProved = false) => ({ role, secondFactorProved });
const investorOnly = { isPublic: false };
const open = { isPublic: true };

describe("[documents] the read rule", () => {
  it("[documents] lets everyone read Public documents and filters lists to them", () => {
    for (const v of [null, viewer("regular"), viewer("admin")]) {
      const access = documentReadAccess(v);
      expect(access.allows(open)).toBe(true);
      expect(access.allows(investorOnly)).toBe(false);
      expect(access.where).toBeDefined();
    }
  });

  it("[documents] lets investors, and admins whose session proved a second factor, read every document unfiltered", () => {
    for (const v of [viewer("investor"), viewer("admin", true)]) {
      const access = documentReadAccess(v);
      expect(access.allows(investorOnly)).toBe(true);
      expect(access.where).toBeUndefined();
    }
  });
});
