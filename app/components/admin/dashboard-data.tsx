import * as React from "react";
import type { PortfolioItemDto } from "../../../server/features/portfolio/portfolio";
import type { PressRow } from "./press-tab";

/** What the dashboard's layout loads for every screen: the signed-in admin's id, the companies, the releases, the spotlight. */
export type DashboardData = { userId: number; companies: PortfolioItemDto[]; releases: PressRow[]; spotlightId: number | null };

// A context of the dashboard's own rather than the router's outlet context: the public pages' shared router chunk
// stays as it was (the home page's script is at its budget).
const DashboardContext = React.createContext<DashboardData | null>(null);

/** Gives the dashboard's screens the layout's data. */
export function DashboardProvider({ value, children }: { value: DashboardData; children: React.ReactNode }) {
  return <DashboardContext.Provider value={value}>{children}</DashboardContext.Provider>;
}

/** The layout's data, in a screen of the dashboard. */
export function useDashboard(): DashboardData {
  const data = React.useContext(DashboardContext);
  if (!data) throw new Error("useDashboard is used outside the dashboard's layout");
  return data;
}
