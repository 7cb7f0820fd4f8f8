import type { Child } from "hono/jsx";
import { inlineCss } from "./inline-css";

// The look every server-rendered page shares (OAuth sign-in, account e-mail landings, connector
// outcomes): one layout, hidden form fields, the error line.

/** One small stylesheet, sent inline under a per-response CSP nonce (no other styles or scripts run). */
export const PAGE_CSS = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1d2129; margin: 0; }
  main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.35rem; margin: 0 0 1rem; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  input[type=email], input[type=password], input[type=text] { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #c4c8cf; border-radius: 6px; font: inherit; }
  button { font: inherit; padding: .6rem 1.1rem; border-radius: 6px; border: 1px solid #2456d8; background: #2456d8; color: #fff; cursor: pointer; margin-top: 1rem; }
  button.secondary { background: #fff; color: #2456d8; }
  .actions { display: flex; gap: .75rem; }
  .error { background: #fdecea; color: #8a1c12; padding: .6rem .8rem; border-radius: 6px; }
  .muted { color: #5b6270; font-size: .9rem; }
  ul.scopes { padding-left: 1.2rem; } ul.scopes li { margin: .35rem 0; } code { font-size: .85rem; }
  hr { border: 0; border-top: 1px solid #e3e5e8; margin: 1.5rem 0; }
`;

export function PageLayout(props: { title: string; nonce: string; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{props.title}</title>
        <style nonce={props.nonce}>{inlineCss(PAGE_CSS)}</style>
      </head>
      <body>
        <main>{props.children}</main>
      </body>
    </html>
  );
}

export const HiddenField = (props: { name: string; value: string }) => (
  <input type="hidden" name={props.name} value={props.value} />
);

/** A form's error line, announced to screen readers; nothing when there is no error. */
export const ErrorAlert = (props: { error?: string }) =>
  props.error ? (
    <p class="error" role="alert">
      {props.error}
    </p>
  ) : null;
