import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { STATUS_PAGE_CSS } from "../../src/domains/status/pages";
import { PAGE_CSS } from "../../src/http/pages/layout";
import { createService } from "../helpers/status";
import { authorizeUrl, Browser, pkce, REDIRECT_URI, registerClient } from "../helpers/oauth";

/**
 * Every server-rendered page sends its stylesheet exactly as the source writes it. hono/jsx escapes
 * a text child (`"` to `&quot;`), and a `<style>` element's content is raw text to the browser, so an
 * escaped quote is a CSS syntax error that drops its rule (the status page lost its `font:` rule and
 * rendered in Times). test/browser/status.browser.mjs checks the result in Chromium.
 */
const stylesOf = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);

async function oauthSignInPage(): Promise<string> {
  const client = await registerClient();
  const { challenge } = await pkce();
  const browser = new Browser();
  const start = await browser.get(
    authorizeUrl({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: REDIRECT_URI,
      scope: "profile:read",
      state: "s",
      code_challenge: challenge,
      code_challenge_method: "S256",
    }),
  );
  expect(start.status, start.text).toBe(302);
  const page = await browser.get(start.headers.get("Location")!);
  expect(page.status, page.text).toBe(200);
  return page.text;
}

const get = async (path: string) => (await exports.default.fetch(new Request(`http://localhost${path}`))).text();

const PAGES: [name: string, html: () => Promise<string>, css: string][] = [
  // Creating a service publishes the projection, the page among it.
  ["the public status page", async () => (await createService(), get("/status")), STATUS_PAGE_CSS],
  ["an account page", () => get("/api/v1/account/forgot-password"), PAGE_CSS],
  ["the connector outcome page", () => get("/settings/connectors?status=connected&connector=slack"), PAGE_CSS],
  ["the OAuth sign-in page", oauthSignInPage, PAGE_CSS],
];

describe("inline stylesheets are sent unescaped", () => {
  it.each(PAGES)("%s", async (_, html, css) => {
    const styles = stylesOf(await html());
    expect(styles).toHaveLength(1);
    expect(styles[0]).not.toMatch(/&(quot|#39|#x27|amp|lt|gt);/);
    expect(styles[0]).toBe(css);
  });

  it("the status page's stylesheet has the quotes that escaping broke", () => {
    // Keeps the test above meaningful: the font stack quotes "Segoe UI".
    expect(STATUS_PAGE_CSS).toContain('"Segoe UI"');
  });
});

describe("inlineCss", () => {
  it("refuses a stylesheet that would end its element early", async () => {
    const { inlineCss } = await import("../../src/http/pages/inline-css");
    expect(() => inlineCss("a{color:red}</STYLE><script>")).toThrow("</style");
    expect(String(inlineCss('a{font-family:"x"}'))).toBe('a{font-family:"x"}');
  });
});
