import { CalendarClock, Wand2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useRootData } from "~/hooks/use-root-data";
import { useT } from "~/i18n/provider";
import type { PortfolioItemDto } from "../../../server/features/portfolio/portfolio";
import type { PressReleaseDto } from "../../../server/features/press/press";
import { brand as defaultBrand } from "../../../shared/brand";
import { ExtractDialog, ExtractSummary } from "./extract-dialog";
import { DialogFormActions, SaveDraftButton } from "./form-fields";
import { STICKY_FOOTER } from "./form-layout";
import { CompanyFields, CustomCompanyFields } from "./press-form/company-fields";
import { DateCategoryFields, PublishingFields } from "./press-form/publishing-fields";
import { ContentFields, DisplayTitleFields, TitleSummaryFields } from "./press-form/text-fields";
import { CorrectionFields } from "./press-form/correction-fields";
import { usePressForm } from "./press-form/use-press-form";

export { todayIso } from "./press-form/form";

export type PressFormDialogProps = {
  /** The release to edit; without it the dialog creates one. */
  release?: PressReleaseDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `schedule`: the editor asked to schedule the new release, saved as a draft. */
  onSaved: (release: PressReleaseDto, opts: { schedule: boolean }) => void;
  /** Portfolio companies offered in the Company dropdown. */
  companies: PortfolioItemDto[];
};

/**
 * 'Create New Press Release' / 'Edit Press Release'. The holding company is the default company; choosing a
 * portfolio company fills the company
 * logo and sector; 'Other (Custom Company)' takes a typed name and an optional logo. 'Extract from URL'
 * fills the fields from a web page. The homepage limit and concurrent edits are enforced by the server.
 */
export function PressFormDialog({ release, open, onOpenChange, onSaved, companies }: PressFormDialogProps) {
  const t = useT();
  const editing = Boolean(release);
  // The holding company issues most releases: it heads the Company list and is a new release's company.
  const issuer = useRootData()?.brand.name ?? defaultBrand.name;
  const press = usePressForm({ release, issuer, open, onOpenChange, onSaved, companies });
  const { isSubmitting } = press.form.formState;
  const [extractOpen, setExtractOpen] = React.useState(false);

  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-w-5xl">
        <DialogHeader className="sm:flex sm:items-start sm:justify-between sm:gap-4 sm:space-y-0">
          <div className="space-y-1.5">
            <DialogTitle>{t(editing ? "manage.press.editTitle" : "manage.press.createTitle")}</DialogTitle>
            <DialogDescription>{t(editing ? "manage.press.editDescription" : "manage.press.createDescription")}</DialogDescription>
          </div>
          <Button type="button" variant="outline" size="sm" className="mt-3 shrink-0 sm:mt-0" onClick={() => setExtractOpen(true)}>
            <Wand2 className="h-4 w-4" aria-hidden="true" />
            {t("manage.extract.open")}
          </Button>
        </DialogHeader>

        <form onSubmit={press.onSubmit} noValidate className="space-y-5">
          {press.extracted ? <ExtractSummary content={press.extracted} onDismiss={() => press.setExtracted(null)} /> : null}
          <TitleSummaryFields press={press} />
          <CompanyFields press={press} companies={companies} issuer={issuer} />
          {press.custom ? <CustomCompanyFields press={press} /> : null}
          <DateCategoryFields press={press} />
          <ContentFields press={press} />
          <PublishingFields press={press} />
          <DisplayTitleFields press={press} />
          {release?.publication === "published" ? <CorrectionFields press={press} /> : null}

          <DialogFormActions
            className={STICKY_FOOTER}
            onCancel={() => onOpenChange(false)}
            busy={isSubmitting}
            cancelDisabled={isSubmitting}
            submitLabel={t(editing ? "manage.press.update" : "manage.press.publish")}
            submitValue={editing ? undefined : "publish"}
          >
            {/* A new release: a draft (nothing public), or saved and scheduled; the main button publishes it now. */}
            {editing ? null : (
              <>
                <SaveDraftButton busy={isSubmitting}>{t("manage.press.saveDraft")}</SaveDraftButton>
                <Button type="submit" variant="outline" name="intent" value="schedule" disabled={isSubmitting}>
                  <CalendarClock className="h-4 w-4" aria-hidden="true" />
                  {t("manage.press.saveSchedule")}
                </Button>
              </>
            )}
          </DialogFormActions>
        </form>
        <ExtractDialog open={extractOpen} onOpenChange={setExtractOpen} onExtracted={press.fillFromPage} />
      </DialogContent>
    </Dialog>
  );
}
