import { describe, expect, it } from "vitest";
import { maskSecretParams } from "./secret-params";

const T = "Ab3_-x9ZqW0kLmN8pQrStUvWxYz0123456789abcdE";
const mask = (s: string) => maskSecretParams(s, "***");

describe("[secrets] token parameters are masked in every form a link takes", () => {
  it.each([
    ["a plain link", `https://x.test/reset-password?token=${T}`, "https://x.test/reset-password?token=***"],
    ["other parameters stay", `/reset-password?lang=en&token=${T}&tab=a#top`, "/reset-password?lang=en&token=***&tab=a#top"],
    ["any case, any name holding 'token'", `/x?Token=${T}&csrfTOKEN=${T}&token_2=${T}`, "/x?Token=***&csrfTOKEN=***&token_2=***"],
    [
      "in an HTML attribute and text",
      `<a href="https://x.test/confirm-email?token=${T}">https://x.test/confirm-email?token=${T}</a>`,
      '<a href="https://x.test/confirm-email?token=***">https://x.test/confirm-email?token=***</a>',
    ],
    ["after an escaped &amp;", `/x?a=1&amp;token=${T}&amp;b=2`, "/x?a=1&amp;token=***&amp;b=2"],
    [
      "encoded once, in a redirect",
      `/auth?redirect=%2Fconfirm-email%3Ftoken%3D${T}%26lang%3Dar&x=1`,
      "/auth?redirect=%2Fconfirm-email%3Ftoken%3D***%26lang%3Dar&x=1",
    ],
    [
      "encoded twice",
      `/auth?redirect=%2Fauth%3Fredirect%3D%252Freset%253Ftoken%253D${T}%2526a%253D1`,
      "/auth?redirect=%2Fauth%3Fredirect%3D%252Freset%253Ftoken%253D***%2526a%253D1",
    ],
    ["lower-case encoding", `/auth?redirect=%2fconfirm-email%3ftoken%3d${T}`, "/auth?redirect=%2fconfirm-email%3ftoken%3d***"],
    [
      "a plain-text e-mail line",
      `Reset my password:\nhttps://x.test/reset-password?token=${T}\n\nIgnore this`,
      "Reset my password:\nhttps://x.test/reset-password?token=***\n\nIgnore this",
    ],
    ["a parsed query in JSON", `{"query":{"token":"${T}","lang":"en"}}`, `{"query":{"token":"***","lang":"en"}}`],
    ["a repeated parameter in JSON", `{"query":{"token":["${T}","${T}"]}}`, `{"query":{"token":["***"]}}`],
    ["a URL inside a JSON string", `{"url":"/reset-password?token=${T}","msg":"ok"}`, `{"url":"/reset-password?token=***","msg":"ok"}`],
    ["a preview link's path", `https://x.test/preview/${T}`, "https://x.test/preview/***"],
    ["an Arabic preview's data request", `{"url":"/ar/preview/${T}.data?frame=1"}`, `{"url":"/ar/preview/***.data?frame=1"}`],
    ["a preview link, encoded in a redirect", `/auth?redirect=%2Fpreview%2F${T}`, "/auth?redirect=%2Fpreview%2F***"],
    [
      "a viewer's page address",
      `/api/document-views/K7Q2-M9XD/pages/3?exp=1795000000&sig=${T}&w=800`,
      "/api/document-views/K7Q2-M9XD/pages/3?exp=1795000000&sig=***&w=800",
    ],
    ["a page address's parsed query", `{"query":{"exp":"1795000000","sig":"${T}"}}`, `{"query":{"exp":"1795000000","sig":"***"}}`],
    ["a parameter that only ends in sig", "/x?design=blue&sigma=2", "/x?design=blue&sigma=2"],
  ])("%s", (_name, input, expected) => {
    expect(mask(input)).toBe(expected);
  });

  it("leaves text without a token parameter alone", () => {
    const text = '{"msg":"tokenIsValid failed","url":"/auth?redirect=%2Fadmin","tokens":3}';
    expect(mask(text)).toBe(text);
    expect(mask("token: the word alone")).toBe("token: the word alone");
    // An admin's preview holds an id, not a token.
    expect(mask('{"url":"/ar/preview/press/12?view=phone"}')).toBe('{"url":"/ar/preview/press/12?view=phone"}');
  });
});
