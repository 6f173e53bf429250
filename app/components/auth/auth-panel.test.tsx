import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormAlert } from "./auth-panel";

describe("[auth] a refused sign-in in the form", () => {
  it("is an alert with the failure's title and the server's reason", () => {
    const html = renderToString(<FormAlert title="Login failed" text="Invalid email or password" />);
    expect(html).toContain('role="alert"');
    expect(html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|")).toBe("|Login failed|Invalid email or password|");
  });
});
