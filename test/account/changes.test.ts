import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  call,
  callAwaitingWork,
  createUser,
  expectError,
  expectFieldError,
  uniqueEmail,
  uniqueIp,
} from "../helpers/api";
import { awaitMail, linkIn, mailsTo, tokenOfLink } from "../helpers/outbox";

const login = (email: string, password: string) =>
  call("POST", "/auth/login", { body: { email, password }, ip: uniqueIp() });
/** Asks for the change and awaits the request's after-answer work (its mail). */
const changeEmail = (token: string, email: string, password: string) =>
  callAwaitingWork("POST", "/auth/change-email", { token, body: { email, password }, ip: uniqueIp() });
const changePassword = (token: string, currentPassword: string, password: string) =>
  call("POST", "/auth/change-password", { token, body: { currentPassword, password }, ip: uniqueIp() });

describe("change e-mail", () => {
  it("needs the password, takes effect when the new address confirms, tells the old address; then login works with the new one", async () => {
    const user = await createUser();
    const newEmail = uniqueEmail("moved");
    expectError(await changeEmail(user.accessToken, newEmail, "wrong-password"), 403, "forbidden");

    const requested = await changeEmail(user.accessToken, newEmail.toUpperCase(), user.password);
    expect(requested.status).toBe(202);
    expect(requested.body.data).toEqual({ pending: true, email: newEmail });

    const notice = await awaitMail(user.email, /being changed/);
    expect(notice.body).toContain(newEmail);
    const link = linkIn((await awaitMail(newEmail, /Confirm your new/)).body);

    // Not yet: the account keeps its old address until the link is opened.
    expect((await call("GET", "/me", { token: user.accessToken, ip: uniqueIp() })).body.data.user.email).toBe(
      user.email,
    );
    expect((await login(user.email, user.password)).status).toBe(200);

    const confirmed = await call("POST", "/auth/confirm-email", { body: { token: tokenOfLink(link) }, ip: uniqueIp() });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.user).toMatchObject({ id: user.id, email: newEmail, emailVerified: true });

    expect((await login(newEmail, user.password)).status).toBe(200);
    expectError(await login(user.email, user.password), 401, "invalid_credentials");
  });

  it("an address of another account gets a notice instead of a link, and the caller the same 202", async () => {
    const [user, owner] = [await createUser(), await createUser()];
    const requested = await changeEmail(user.accessToken, owner.email, user.password);
    expect(requested.status).toBe(202);
    expect(requested.body.data).toEqual({ pending: true, email: owner.email });
    const notice = await awaitMail(owner.email, /tried to use your e-mail/);
    expect(linkIn(notice.body)).toBe("");
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM email_confirmations WHERE email = ? AND purpose = 'change'",
    )
      .bind(owner.email)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("a confirmation link for an address another account took meanwhile is 409", async () => {
    const user = await createUser();
    const wanted = uniqueEmail("contested");
    await changeEmail(user.accessToken, wanted, user.password);
    const link = linkIn((await awaitMail(wanted, /Confirm your new/)).body);
    expect(
      (await call("POST", "/auth/register", { body: { email: wanted, password: "long-enough-pw" }, ip: uniqueIp() }))
        .status,
    ).toBe(201);
    expectError(
      await call("POST", "/auth/confirm-email", { body: { token: tokenOfLink(link) }, ip: uniqueIp() }),
      409,
      "conflict",
    );
    expect((await call("GET", "/me", { token: user.accessToken, ip: uniqueIp() })).body.data.user.email).toBe(
      user.email,
    );
  });

  it("validates the body and refuses the current address", async () => {
    const user = await createUser();
    expectFieldError(await changeEmail(user.accessToken, "nope", user.password), "email");
    expectFieldError(await changeEmail(user.accessToken, user.email, user.password), "email");
    expect((await mailsTo(user.email)).filter((m) => /being changed/.test(m.subject))).toHaveLength(0);
  });
});

describe("change password", () => {
  it("needs the current password; other sessions end, this one stays", async () => {
    const user = await createUser();
    const other = await login(user.email, user.password);
    expectError(await changePassword(user.accessToken, "not-my-password", "new-password-123"), 403, "forbidden");

    const changed = await changePassword(user.accessToken, user.password, "new-password-123");
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ data: { changed: true } });

    expect((await call("GET", "/me", { token: user.accessToken, ip: uniqueIp() })).status).toBe(200);
    expect(
      (await call("POST", "/auth/refresh", { body: { refreshToken: user.refreshToken }, ip: uniqueIp() })).status,
    ).toBe(200);
    expectError(await call("GET", "/me", { token: other.body.data.accessToken, ip: uniqueIp() }), 401, "unauthorized");
    expectError(
      await call("POST", "/auth/refresh", { body: { refreshToken: other.body.data.refreshToken }, ip: uniqueIp() }),
      401,
      "unauthorized",
    );

    expectError(await login(user.email, user.password), 401, "invalid_credentials");
    expect((await login(user.email, "new-password-123")).status).toBe(200);
  });

  it("validates the new password", async () => {
    const user = await createUser();
    expectFieldError(await changePassword(user.accessToken, user.password, "short"), "password");
    expectError(
      await call("POST", "/auth/change-password", {
        body: { currentPassword: "x", password: "long-enough-pw" },
        ip: uniqueIp(),
      }),
      401,
      "unauthorized",
    );
  });
});
