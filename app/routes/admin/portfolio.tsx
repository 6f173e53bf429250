import { useDashboard } from "~/components/admin/dashboard-data";
import { PortfolioTab } from "~/components/admin/portfolio-tab";

/** The dashboard's first screen ('/admin'): the portfolio companies, which the dashboard's layout loads. */
export default function PortfolioScreen() {
  const { companies } = useDashboard();
  return <PortfolioTab companies={companies} />;
}
