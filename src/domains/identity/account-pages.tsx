import { ErrorAlert, HiddenField, PageLayout } from "../../http/pages";

/**
 * The small pages e-mail links land on when no web app is configured (`WEB_APP_URL` empty), in
 * the style of the OAuth pages. Each confirms with a POST carrying a CSRF token, so a link
 * scanner that opens the link spends nothing.
 */
interface FormProps {
  nonce: string;
  actionBase: string;
  csrf: string;
  error?: string;
}

export function ConfirmEmailPage(props: FormProps & { token: string }) {
  return (
    <PageLayout title="Confirm your e-mail address" nonce={props.nonce}>
      <h1>Confirm your e-mail address</h1>
      <ErrorAlert error={props.error} />
      <form method="post" action={`${props.actionBase}/confirm-email`}>
        <HiddenField name="csrf" value={props.csrf} />
        <HiddenField name="token" value={props.token} />
        <button type="submit">Confirm my address</button>
      </form>
    </PageLayout>
  );
}

export function ForgotPasswordPage(props: FormProps & { email?: string }) {
  return (
    <PageLayout title="Forgot your password?" nonce={props.nonce}>
      <h1>Forgot your password?</h1>
      <p>Enter your account's e-mail address. We will send a 6-digit code to reset your password.</p>
      <ErrorAlert error={props.error} />
      <form method="post" action={`${props.actionBase}/forgot-password`}>
        <HiddenField name="csrf" value={props.csrf} />
        <label for="email">E-mail</label>
        <input id="email" type="email" name="email" autocomplete="email" required value={props.email ?? ""} />
        <button type="submit">Send me a code</button>
      </form>
    </PageLayout>
  );
}

export function ResetPasswordPage(props: FormProps & { email?: string }) {
  return (
    <PageLayout title="Reset your password" nonce={props.nonce}>
      <h1>Reset your password</h1>
      <p class="muted">
        If an account exists for this address, a 6-digit code is on its way. It expires in 15 minutes.
      </p>
      <ErrorAlert error={props.error} />
      <form method="post" action={`${props.actionBase}/reset-password`}>
        <HiddenField name="csrf" value={props.csrf} />
        <label for="email">E-mail</label>
        <input id="email" type="email" name="email" autocomplete="username" required value={props.email ?? ""} />
        <label for="code">Code</label>
        <input
          id="code"
          type="text"
          name="code"
          inputmode="numeric"
          autocomplete="one-time-code"
          pattern="[0-9]{6}"
          maxlength={6}
          required
        />
        <label for="password">New password</label>
        <input
          id="password"
          type="password"
          name="password"
          autocomplete="new-password"
          minlength={10}
          maxlength={200}
          required
        />
        <button type="submit">Set new password</button>
      </form>
    </PageLayout>
  );
}

export function DonePage(props: { nonce: string; title: string; message: string }) {
  return (
    <PageLayout title={props.title} nonce={props.nonce}>
      <h1>{props.title}</h1>
      <p role="status">{props.message}</p>
    </PageLayout>
  );
}
