import type { Child } from "hono/jsx";
import { SCOPE_DESCRIPTIONS, type Scope } from "./scopes";

/** One small stylesheet, sent inline under a per-response CSP nonce (no other styles or scripts run). */
const STYLES = `
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

export function Layout(props: { title: string; nonce: string; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{props.title}</title>
        <style nonce={props.nonce}>{STYLES}</style>
      </head>
      <body>
        <main>{props.children}</main>
      </body>
    </html>
  );
}

export const Hidden = (props: { name: string; value: string }) => (
  <input type="hidden" name={props.name} value={props.value} />
);

interface FlowPageProps {
  nonce: string;
  actionBase: string;
  flowId: string;
  csrf: string;
  clientName: string;
}

export function LoginPage(props: FlowPageProps & { error?: string; email?: string; recoveryUrl: string }) {
  return (
    <Layout title="Sign in" nonce={props.nonce}>
      <h1>Sign in to continue to {props.clientName}</h1>
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
      <form method="post" action={`${props.actionBase}/login`}>
        <Hidden name="flow" value={props.flowId} />
        <Hidden name="csrf" value={props.csrf} />
        <label for="email">E-mail</label>
        <input id="email" type="email" name="email" autocomplete="username" required value={props.email ?? ""} />
        <label for="password">Password</label>
        <input id="password" type="password" name="password" autocomplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>
      <p class="muted">
        <a href={props.recoveryUrl}>Forgot your password?</a>
      </p>
      <hr />
      <form method="post" action={`${props.actionBase}/magic-link`}>
        <Hidden name="flow" value={props.flowId} />
        <Hidden name="csrf" value={props.csrf} />
        <label for="magic-email">Or get a sign-in link by e-mail</label>
        <input id="magic-email" type="email" name="email" autocomplete="email" required />
        <button type="submit" class="secondary">
          E-mail me a link
        </button>
      </form>
    </Layout>
  );
}

export function MagicLinkSentPage(props: { nonce: string; clientName: string; loginUrl: string }) {
  return (
    <Layout title="Check your e-mail" nonce={props.nonce}>
      <h1>Check your e-mail</h1>
      <p>
        If an account exists for that address, we sent it a link to sign in and continue to {props.clientName}. Open it
        in this browser within ten minutes.
      </p>
      <p class="muted">
        <a href={props.loginUrl}>Sign in with your password instead</a>
      </p>
    </Layout>
  );
}

export function MagicLinkConfirmPage(props: FlowPageProps & { token: string }) {
  return (
    <Layout title="Continue signing in" nonce={props.nonce}>
      <h1>Continue to {props.clientName}</h1>
      <form method="post" action={`${props.actionBase}/magic`}>
        <Hidden name="flow" value={props.flowId} />
        <Hidden name="csrf" value={props.csrf} />
        <Hidden name="token" value={props.token} />
        <button type="submit">Sign in</button>
      </form>
    </Layout>
  );
}

export function ConsentPage(props: FlowPageProps & { scopes: Scope[]; userEmail: string; redirectOrigin: string }) {
  return (
    <Layout title={`Allow ${props.clientName}?`} nonce={props.nonce}>
      <h1>Allow {props.clientName} to access your account?</h1>
      <p class="muted">Signed in as {props.userEmail}</p>
      <p>{props.clientName} is asking to:</p>
      <ul class="scopes">
        {props.scopes.map((scope) => (
          <li data-scope={scope}>
            {SCOPE_DESCRIPTIONS[scope]} <code>({scope})</code>
          </li>
        ))}
      </ul>
      <p class="muted">You will be sent back to {props.redirectOrigin}.</p>
      <form method="post" action={`${props.actionBase}/consent`}>
        <Hidden name="flow" value={props.flowId} />
        <Hidden name="csrf" value={props.csrf} />
        <div class="actions">
          <button type="submit" name="decision" value="approve">
            Allow
          </button>
          <button type="submit" name="decision" value="deny" class="secondary">
            Deny
          </button>
        </div>
      </form>
    </Layout>
  );
}

export function ErrorPage(props: { nonce: string; title: string; detail: string }) {
  return (
    <Layout title={props.title} nonce={props.nonce}>
      <h1>{props.title}</h1>
      <p class="error" role="alert">
        {props.detail}
      </p>
    </Layout>
  );
}
