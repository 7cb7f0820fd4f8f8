import { ErrorAlert, HiddenField, PageLayout } from "../../http/pages";
import { SCOPE_DESCRIPTIONS, type Scope } from "./scopes";

interface FlowPageProps {
  nonce: string;
  actionBase: string;
  flowId: string;
  csrf: string;
  clientName: string;
}

export function LoginPage(props: FlowPageProps & { error?: string; email?: string; recoveryUrl: string }) {
  return (
    <PageLayout title="Sign in" nonce={props.nonce}>
      <h1>Sign in to continue to {props.clientName}</h1>
      <ErrorAlert error={props.error} />
      <form method="post" action={`${props.actionBase}/login`}>
        <HiddenField name="flow" value={props.flowId} />
        <HiddenField name="csrf" value={props.csrf} />
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
        <HiddenField name="flow" value={props.flowId} />
        <HiddenField name="csrf" value={props.csrf} />
        <label for="magic-email">Or get a sign-in link by e-mail</label>
        <input id="magic-email" type="email" name="email" autocomplete="email" required />
        <button type="submit" class="secondary">
          E-mail me a link
        </button>
      </form>
    </PageLayout>
  );
}

export function MagicLinkSentPage(props: { nonce: string; clientName: string; loginUrl: string }) {
  return (
    <PageLayout title="Check your e-mail" nonce={props.nonce}>
      <h1>Check your e-mail</h1>
      <p>
        If an account exists for that address, we sent it a link to sign in and continue to {props.clientName}. Open it
        in this browser within ten minutes.
      </p>
      <p class="muted">
        <a href={props.loginUrl}>Sign in with your password instead</a>
      </p>
    </PageLayout>
  );
}

export function MagicLinkConfirmPage(props: FlowPageProps & { token: string }) {
  return (
    <PageLayout title="Continue signing in" nonce={props.nonce}>
      <h1>Continue to {props.clientName}</h1>
      <form method="post" action={`${props.actionBase}/magic`}>
        <HiddenField name="flow" value={props.flowId} />
        <HiddenField name="csrf" value={props.csrf} />
        <HiddenField name="token" value={props.token} />
        <button type="submit">Sign in</button>
      </form>
    </PageLayout>
  );
}

/**
 * The consent page. A client known only by its metadata document is named by the host of its URL,
 * the one thing about it that is verified (draft-ietf-oauth-client-id-metadata-document, "OAuth
 * Phishing Attacks"); the name its document claims comes second, marked as its own claim.
 */
export function ConsentPage(
  props: FlowPageProps & { scopes: Scope[]; userEmail: string; redirectOrigin: string; clientHost: string | null },
) {
  const who = props.clientHost ?? props.clientName;
  return (
    <PageLayout title={`Allow ${who}?`} nonce={props.nonce}>
      <h1>Allow {who} to access your account?</h1>
      {props.clientHost ? (
        <p class="client-claim">
          The application at <strong>{props.clientHost}</strong> calls itself “{props.clientName}”. It is not registered
          with us: that name is its own claim. Continue only if you meant to connect {props.clientHost}.
        </p>
      ) : null}
      <p class="muted">Signed in as {props.userEmail}</p>
      <p>{who} is asking to:</p>
      <ul class="scopes">
        {props.scopes.map((scope) => (
          <li data-scope={scope}>
            {SCOPE_DESCRIPTIONS[scope]} <code>({scope})</code>
          </li>
        ))}
      </ul>
      <p class="muted">You will be sent back to {props.redirectOrigin}.</p>
      <form method="post" action={`${props.actionBase}/consent`}>
        <HiddenField name="flow" value={props.flowId} />
        <HiddenField name="csrf" value={props.csrf} />
        <div class="actions">
          <button type="submit" name="decision" value="approve">
            Allow
          </button>
          <button type="submit" name="decision" value="deny" class="secondary">
            Deny
          </button>
        </div>
      </form>
    </PageLayout>
  );
}

export function ErrorPage(props: { nonce: string; title: string; detail: string }) {
  return (
    <PageLayout title={props.title} nonce={props.nonce}>
      <h1>{props.title}</h1>
      <ErrorAlert error={props.detail} />
    </PageLayout>
  );
}
