import { Link as LinkIcon } from "lucide-react";
import { Field } from "~/components/ui/input";
import { useT } from "~/i18n/provider";
import { HOMEPAGE_LIMIT } from "../../../../shared/rules";
import { PRESS_CATEGORIES } from "../../../../shared/schemas";
import { SelectField, TextField, URL_PLACEHOLDER } from "../form-fields";
import { IconInput } from "../icon-input";
import { ImageField } from "../image-upload";
import { useLabels } from "../labels";
import { SwitchField } from "../switch-field";
import type { PressFormState } from "./use-press-form";

type Props = { press: PressFormState };

/** The date and the category; a stored category outside the list stays selectable. */
export function DateCategoryFields({ press }: Props) {
  const t = useT();
  const labels = useLabels();
  const { form, field } = press;
  const category = form.watch("category");
  const categories: string[] = [...PRESS_CATEGORIES];
  if (category && !categories.includes(category)) categories.push(category);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField {...field("date")} label={t("manage.press.field.date")} type="date" />
      <SelectField {...field("category")} label={t("manage.press.field.category")}>
        {categories.map((c) => (
          <option key={c} value={c}>
            {labels.category(c)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The banner image, the featured and homepage switches, and the original article's address. */
export function PublishingFields({ press }: Props) {
  const t = useT();
  const { form, err } = press;
  const { control, register } = form;
  const { errors } = form.formState;
  return (
    <>
      <ImageField control={control} name="image" id="pr-image" label={t("manage.press.field.image")} kind="banner" error={err("image")} />

      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchField control={control} name="featured" id="pr-featured" label={t("manage.press.field.featured")} text={t("manage.press.field.featuredHint")} />
        <SwitchField
          control={control}
          name="showOnHomepage"
          id="pr-homepage"
          label={t("manage.press.field.homepage")}
          text={t("manage.press.field.homepageHint", { count: HOMEPAGE_LIMIT })}
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="pr-originalUrl" label={t("manage.press.field.originalUrl")} error={err("originalUrl")} hint={t("manage.press.field.originalUrlHint")}>
          <IconInput
            icon={LinkIcon}
            id="pr-originalUrl"
            type="url"
            inputMode="url"
            placeholder={URL_PLACEHOLDER}
            {...register("originalUrl")}
            aria-invalid={errors.originalUrl ? true : undefined}
            aria-describedby={errors.originalUrl ? "pr-originalUrl-error" : undefined}
          />
        </Field>
      </div>
    </>
  );
}
