import { Mail, MessageSquare, Phone } from "lucide-react";
import { NavEntryLink } from "~/components/site/nav-entry-link";
import { useRootData } from "~/hooks/use-root-data";
import { useT } from "~/i18n/provider";
import { NAV } from "~/lib/navigation";
import { brand as defaultBrand } from "../../../shared/brand";

/** The investor relations mailbox: 'ir@' at the domain of the company's own contact address. */
export const irEmail = (contactEmail: string) => `ir@${contactEmail.split("@")[1] ?? contactEmail}`;

const row = "flex items-center gap-3 text-sm";
const icon = "h-4 w-4 shrink-0 text-gold-700";
const link = "font-medium text-navy-800 underline-offset-4 hover:text-gold-700 hover:underline";

/** Whom investors write to: the IR mailbox, the switchboard and the contact form. */
export function IrContact() {
  const t = useT();
  const brand = useRootData()?.brand ?? defaultBrand;
  const email = irEmail(brand.email);
  return (
    <section aria-labelledby="investors-contact" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="investors-contact" className="font-display text-2xl font-semibold text-navy-950">
        {t("site.investors.contact.title")}
      </h2>
      <p className="mt-2 text-slate-600">{t("site.investors.contact.text")}</p>
      <ul className="mt-6 space-y-4">
        <li className={row}>
          <Mail className={icon} aria-hidden="true" />
          <span className="sr-only">{t("site.investors.contact.email")}</span>
          {/* Addresses and numbers read left to right inside Arabic text. */}
          <a href={`mailto:${email}`} dir="ltr" className={`${link} [overflow-wrap:anywhere]`} data-testid="ir-email">
            {email}
          </a>
        </li>
        <li className={row}>
          <Phone className={icon} aria-hidden="true" />
          <span className="sr-only">{t("site.investors.contact.phone")}</span>
          <a href={`tel:${brand.phone.replace(/\s/g, "")}`} dir="ltr" className={link}>
            {brand.phone}
          </a>
        </li>
        <li className={row}>
          <MessageSquare className={icon} aria-hidden="true" />
          <NavEntryLink entry={NAV.contact} className={link}>
            {t("site.investors.contact.form")}
          </NavEntryLink>
        </li>
      </ul>
    </section>
  );
}
