import { useT } from "~/i18n/provider";
import { SECTORS } from "../../../shared/schemas";
import { useLabels } from "./labels";

/** The options of a sector select: a prompt, then every listed sector in the page's language. */
export function SectorOptions() {
  const t = useT();
  const labels = useLabels();
  return (
    <>
      <option value="">{t("manage.portfolio.field.selectSector")}</option>
      {SECTORS.map((s) => (
        <option key={s.value} value={s.value}>
          {labels.sector(s.value)}
        </option>
      ))}
    </>
  );
}
