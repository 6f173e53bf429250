import type { InvestorApplicationDto } from "../../../shared/api/applications";
import type { DocumentCategoryDto, DocumentDto } from "../../../shared/api/documents";
import type { PortfolioItemDto } from "../../../server/features/portfolio/portfolio";
import type { PressReleaseDto } from "../../../server/features/press/press";
import type { PublicUser } from "../../../server/features/accounts/users";

/** What the portal page needs about the signed-in user (nothing more is sent to the browser). */
export type PortalUser = Pick<PublicUser, "id" | "username" | "email" | "fullName" | "role" | "company" | "position" | "isVerified" | "secondFactorProved">;

export type PortalDocument = DocumentDto;
export type PortalCategory = Pick<DocumentCategoryDto, "id" | "name" | "description">;
export type PortalApplication = InvestorApplicationDto;
export type PortalPortfolioItem = PortfolioItemDto;
/** Investors get releases without their (long) HTML body; admins get the full row to edit it. */
export type PortalPressRelease = Omit<PressReleaseDto, "content"> & { content?: string };

export type PortalData = {
  hasAccess: boolean;
  documents: PortalDocument[];
  categories: PortalCategory[];
  application: PortalApplication | null;
  portfolio: PortalPortfolioItem[];
  press: PortalPressRelease[];
};

/** Welcome name: full name, else username, else e-mail. */
export const displayName = (user: Pick<PublicUser, "fullName" | "username" | "email">) => user.fullName?.trim() || user.username?.trim() || user.email;
