import { describe, expect, it } from "vitest";
import { call, createUser, expectError, expectFieldError, uniqueIp } from "../helpers/api";

const suffix = () => crypto.randomUUID().replace(/-/g, "").slice(0, 12);
const check = (username: string) =>
  call("GET", `/auth/check-username?username=${encodeURIComponent(username)}`, { ip: uniqueIp() });
const claim = (token: string, username: string) =>
  call("POST", "/auth/claim-username", { token, body: { username }, ip: uniqueIp() });

describe("usernames", () => {
  it("check then claim; the name is then taken in every case", async () => {
    const user = await createUser();
    const name = `ada_${suffix()}`;
    expect((await check(name)).body).toEqual({ data: { username: name, available: true } });

    const claimed = await claim(user.accessToken, name);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.user).toMatchObject({ id: user.id, username: name });
    expect((await call("GET", "/me", { token: user.accessToken, ip: uniqueIp() })).body.data.user.username).toBe(name);

    expect((await check(name)).body.data.available).toBe(false);
    // Case-insensitive: the upper-case spelling is the same name.
    expect((await check(name.toUpperCase())).body.data).toEqual({ username: name, available: false });
    const other = await createUser();
    expectError(await claim(other.accessToken, name.toUpperCase()), 409, "conflict");
  });

  it("reserved names are never available", async () => {
    expect((await check("admin")).body.data).toEqual({ username: "admin", available: false });
    expect((await check("Support")).body.data.available).toBe(false);
    const user = await createUser();
    expectError(await claim(user.accessToken, "admin"), 409, "conflict");
    const registered = await call("POST", "/auth/register", {
      body: { email: `r-${suffix()}@example.com`, password: "long-enough-pw", username: "root" },
      ip: uniqueIp(),
    });
    expectError(registered, 409, "conflict");
  });

  it("the format: 3 to 30 of a-z, 0-9 and _", async () => {
    for (const bad of ["ab", "a".repeat(31), "has-dash", "has space", "ünï"])
      expectFieldError(await check(bad), "username");
    expect((await check("a".repeat(30))).status).toBe(200);
    const user = await createUser();
    expectFieldError(await claim(user.accessToken, "x!"), "username");
    expectFieldError(await call("GET", "/auth/check-username", { ip: uniqueIp() }), "username");
  });

  it("a race for one name has exactly one winner", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const name = `race_${suffix()}`;
    const answers = await Promise.all(
      users.map((user, i) => claim(user.accessToken, i % 2 ? name : name.toUpperCase())),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) expectError(lost, 409, "conflict");
  });

  it("claiming needs a first-party bearer token", async () => {
    expectError(
      await call("POST", "/auth/claim-username", { body: { username: "someone" }, ip: uniqueIp() }),
      401,
      "unauthorized",
    );
  });
});
