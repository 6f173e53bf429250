/**
 * The links the site e-mails (password reset, address confirmation, change of address) carry a `token` that gives
 * whoever holds it the account until it is used or expires. Wherever such a link is shown or written down for
 * someone other than its recipient (log lines, the admin Outbox), the value of every query parameter whose name
 * contains "token" (any case) is replaced by a mask, in whatever form the link appears:
 *
 * - plain: `/reset-password?token=abc&lang=en`, also in HTML (`href="…?token=abc"`) or after `&amp;`;
 * - percent-encoded, once or more, as inside another parameter: `/auth?redirect=%2Fconfirm-email%3Ftoken%3Dabc`
 *   (and `…token%253Dabc` when that is encoded again);
 * - as a parsed query in JSON: `"query":{"token":"abc"}` or `{"token":["abc","def"]}`.
 *
 * The data room's page addresses carry a signature (`sig`) that opens a page for the reader's session until it
 * expires: it is masked the same way.
 *
 * A preview link carries its token in the path instead (`/preview/<token>`, `/ar/preview/<token>.data`): that
 * segment is masked too, plain or percent-encoded. An admin's preview (`/preview/press/12`) holds no token.
 */

/** A percent sign, itself percent-encoded any number of times (`%`, `%25`, `%2525`…). */
const PERCENT = "%(?:25)*";

/**
 * `name=value` where the name contains "token"; `=` plain or encoded. The value runs to whatever ends a parameter
 * or a URL in text, plain or encoded: `&`, `#`, white space, quotes, `<`, `>` or a backslash (JSON's escape).
 */
const IN_URL = new RegExp(
  `((?:token[\\w.\\-\\[\\]]*|(?<=[?&;]|${PERCENT}(?:3F|26))sig)(?:=|${PERCENT}3D))(?:(?!${PERCENT}(?:26|23|20|22|27|3C|3E))[^&#\\s"'<>\\\\])+`,
  "gi",
);

/** A preview link's path: `/preview/` (slashes plain or encoded) and a token-like segment of 20 or more characters. */
const PREVIEW_PATH = new RegExp(`((?:/|${PERCENT}2F)preview(?:/|${PERCENT}2F))[A-Za-z0-9_-]{20,}`, "gi");

/** A JSON member whose name contains "token", with a string value or an array of strings. */
const JSON_STRING = /("[^"\\]*token[^"\\]*":|"sig":)"(?:[^"\\]|\\.)*"/gi;
const JSON_ARRAY = /("[^"\\]*token[^"\\]*":)\[(?:"(?:[^"\\]|\\.)*",?)*\]/gi;

/** `text` with the value of every token parameter replaced by `mask` (see above for the forms recognised). */
export function maskSecretParams(text: string, mask: string): string {
  if (!/token|preview|sig/i.test(text)) return text;
  return text
    .replace(PREVIEW_PATH, (_m, prefix: string) => `${prefix}${mask}`)
    .replace(JSON_ARRAY, (_m, name: string) => `${name}[${JSON.stringify(mask)}]`)
    .replace(JSON_STRING, (_m, name: string) => `${name}${JSON.stringify(mask)}`)
    .replace(IN_URL, (_m, name: string) => `${name}${mask}`);
}

/** What a log line shows instead of a token. */
export const LOG_MASK = "[redacted]";
