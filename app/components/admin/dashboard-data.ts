import { useOutletContext } from "react-router";
import type { PortfolioItemDto } from "../../../server/services/portfolio";
import type { PressRow } from "./press-tab";

/** What the dashboard's layout loads for every screen: the signed-in admin's id, the companies, the releases, the spotlight. */
export type DashboardData = { userId: number; companies: PortfolioItemDto[]; releases: PressRow[]; spotlightId: number | null };

/** The layout's data, in a screen of the dashboard. */
export const useDashboard = () => useOutletContext<DashboardData>();
