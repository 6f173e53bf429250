import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { compileMessages } from "../../shared/i18n/compile";
import { withValues } from "../../shared/i18n/messages";
import { I18nProvider, useT } from "./provider";

const ar = compileMessages({
  "validation.press.title.max": "يجب ألا يزيد العنوان على {max, plural, one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}",
});

function Shown({ text }: { text: string }) {
  return <p>{useT().maybe(text)}</p>;
}
const show = (text: string) =>
  renderToStaticMarkup(
    <I18nProvider locale="ar" messages={ar}>
      <Shown text={text} />
    </I18nProvider>,
  );

describe("[i18n] t.maybe", () => {
  it("shows a form's message id with the values it carries, in the page's language and digits", () => {
    expect(show(withValues("validation.press.title.max", { max: 100 }))).toBe("<p>يجب ألا يزيد العنوان على 100 حرف</p>");
    expect(show(withValues("validation.press.title.max", { max: 20 }))).toBe("<p>يجب ألا يزيد العنوان على 20 حرفًا</p>");
  });

  it("shows a text that is no id of the loaded catalogs as it is", () => {
    expect(show("Server said no?")).toBe("<p>Server said no?</p>");
    expect(show(withValues("validation.email", { max: 1 }))).toBe("<p>validation.email?max=1</p>");
  });
});
