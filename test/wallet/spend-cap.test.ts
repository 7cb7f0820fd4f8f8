import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { capMonth } from "../../src/domains/wallet/spend-cap";
import { OAUTH_AUDIENCE } from "../../src/lib/tokens";
import { aiUser, finished, history, newSession, send, sent, stop } from "../ai/helpers";
import { braveRequests } from "../ai/fakes/search";
import { BASE, call, expectError, expectFieldError, type TestUser, uniqueIp } from "../helpers/api";
import { fetchCountingD1 } from "../helpers/counting-d1";
import { api } from "../helpers/client";
import { mcp, resultText } from "../helpers/mcp";
import { signTestToken } from "../helpers/tokens";
import { debitOf } from "./debit";
import { accountIdOf, capSet, holdsOf, holdsWhen, postEntry, setCap, walletOf } from "./spend-cap";

// CONTRACT Wallet "Spend cap". Priced runs here are web searches answered by the demo model (its
// tokens cost 0): each bills one Brave query, $0.005, its maximum estimated cost exactly.
// The $1 cap against ten $0.20 sends: test/ai/audio-spend-cap.test.ts (Stable Audio's project).

const SEARCH_USD = 0.005;
const search = (content: string) => ({ content, capabilityKey: "ai.search.web" as const, model: "demo" });
/** A search whose provider never answers until the run is stopped: its hold stays while it runs. */
const hanging = (n: number) => search(`otters ${n} #hang`);

const allowanceOf = async (user: TestUser) => {
  const res = await api(user, { ip: uniqueIp() }).GET("/api/v1/ai/operations/rate-limit");
  expect(res.status).toBe(200);
  return res.body.data.remaining;
};

/** The 402's message names the cap and when it resets (the first of next month, UTC). */
function expectCapRefusal(res: Awaited<ReturnType<typeof send>>, cap: string) {
  expectError(res as never, 402, "spend_cap_reached");
  const error = (res.body as unknown as { error: { message: string; details: Record<string, unknown> } }).error;
  expect(error.message).toContain(`monthly spend cap of ${cap}`);
  expect(error.message).toContain(`resets on ${capMonth().resetsAt}`);
  expect(error.details).toMatchObject({ resetsAt: capMonth().resetsAt });
}

describe("PATCH /wallet: the monthly spend cap", () => {
  it("sets, shows and removes the cap; GET /wallet shows it with the month's spend", async () => {
    const user = await aiUser();
    expect(await walletOf(user)).toMatchObject({ balanceUsd: 0, monthlyCapUsd: null, monthSpentUsd: 0 });
    expect(await capSet(user, 25.5)).toMatchObject({
      balanceUsd: 0,
      currency: "USD",
      monthlyCapUsd: 25.5,
      monthSpentUsd: 0,
    });
    expect(await walletOf(user)).toMatchObject({ monthlyCapUsd: 25.5 });
    expect((await capSet(user, 0)).monthlyCapUsd).toBe(0);
    expect((await capSet(user, 100_000)).monthlyCapUsd).toBe(100_000);
    expect((await capSet(user, null)).monthlyCapUsd).toBeNull();
    expect(await walletOf(user)).toMatchObject({ monthlyCapUsd: null });
  });

  it("answers in two D1 round trips: the caller's, then the write with the answer's read", async () => {
    const user = await aiUser();
    const { res, counter } = await fetchCountingD1(
      new Request(`${BASE}/wallet`, {
        method: "PATCH",
        headers: {
          Authorization: `Bearer ${user.accessToken}`,
          "CF-Connecting-IP": uniqueIp(),
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ monthlyCapUsd: 12 }),
      }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({ monthlyCapUsd: 12, monthSpentUsd: 0 });
    // The tree before: three (the caller, the write, then the read).
    expect(counter.trips).toBe(2);
  });

  it("400 for a cap that is missing, not a number or null, out of 0-100000, or beside another field", async () => {
    const user = await aiUser();
    for (const monthlyCapUsd of [-0.01, 100_000.01, "5", true, {}])
      expectFieldError(await setCap(user, { monthlyCapUsd }), "monthlyCapUsd");
    expectFieldError(await setCap(user, {}), "monthlyCapUsd");
    expectError(await setCap(user, { monthlyCapUsd: 5, currency: "EUR" }), 400, "bad_request");
    expect((await walletOf(user)).monthlyCapUsd).toBeNull();
  });

  it("403 for an OAuth token, even one with wallet:read; the cap is unchanged", async () => {
    const user = await aiUser();
    await capSet(user, 10);
    for (const scope of ["wallet:read", "wallet:read email:read profile:read execution:run"]) {
      const token = await signTestToken(
        { sub: user.id, client_id: crypto.randomUUID(), scope },
        { audience: OAUTH_AUDIENCE, header: { typ: "at+jwt" } },
      );
      const refused = await setCap(user, { monthlyCapUsd: null }, token);
      expectError(refused, 403, "forbidden");
      expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer error="insufficient_scope"');
      // It still reads the wallet, cap included.
      const read = await call("GET", "/wallet", { token, ip: uniqueIp() });
      expect(read.status).toBe(200);
      expect(read.body.data.monthlyCapUsd).toBe(10);
    }
  });
});

describe("the month's spend", () => {
  it("is minus this calendar month's usage entries (UTC): last month's, top-ups and adjustments do not count", async () => {
    const user = await aiUser();
    const accountId = await accountIdOf(user);
    const month = capMonth();
    const lastInstantBefore = new Date(Date.parse(month.startsAt) - 1).toISOString();
    await postEntry(accountId, "usage", -0.25, lastInstantBefore);
    await postEntry(accountId, "usage", -0.5, month.startsAt);
    await postEntry(accountId, "usage", -0.125);
    await postEntry(accountId, "topup", 5);
    await postEntry(accountId, "adjustment", -1);
    expect(await walletOf(user)).toMatchObject({ monthSpentUsd: 0.625, balanceUsd: 3.125 });
  });

  it("months are UTC calendar months: the cap resets on the first of the next one", () => {
    expect(capMonth(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toEqual({
      key: "2026-12",
      startsAt: "2026-12-01T00:00:00.000Z",
      resetsAt: "2027-01-01T00:00:00.000Z",
    });
    expect(capMonth(Date.UTC(2027, 0, 1))).toMatchObject({ key: "2027-01", resetsAt: "2027-02-01T00:00:00.000Z" });
    expect(capMonth(Date.UTC(2028, 1, 29, 12))).toMatchObject({ key: "2028-02", resetsAt: "2028-03-01T00:00:00.000Z" });
  });

  it("last month's spend does not hold this month's runs back", async () => {
    const user = await aiUser();
    await capSet(user, SEARCH_USD);
    const lastMonth = new Date(Date.parse(capMonth().startsAt) - 1).toISOString();
    await postEntry(await accountIdOf(user), "usage", -1, lastMonth);
    const session = await newSession(user);
    const reply = await sent(user, session.id, search("otters last month"));
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
  });
});

describe("402 spend_cap_reached", () => {
  it("refuses a send once the month's spend reached the cap, before any provider call; the turn is taken back and the allowance given back", async () => {
    const user = await aiUser();
    await capSet(user, 0.01);
    await postEntry(await accountIdOf(user), "usage", -0.01);
    const session = await newSession(user);
    const allowance = await allowanceOf(user);
    const searches = braveRequests.length;

    expectCapRefusal(await send(user, session.id, search("otters at the cap")), "$0.01");
    expect(braveRequests.length).toBe(searches);
    expect((await history(user, session.id)).data).toEqual([]);
    expect(await allowanceOf(user)).toBe(allowance);
  });

  it("a cap of 0 allows no priced run; a run that costs nothing still goes", async () => {
    const user = await aiUser();
    await capSet(user, 0);
    const session = await newSession(user);
    expectCapRefusal(await send(user, session.id, search("otters at zero")), "$0.00");
    // The demo model's tokens cost 0: nothing to debit, nothing to refuse.
    const free = await sent(user, session.id, { content: "hello", model: "demo" });
    expect((await finished(user, session.id, free.assistantMessage.id)).status).toBe("completed");
  });

  it("a run with an unpriced part is refused once the spend reached the cap, admitted below it", async () => {
    const user = await aiUser();
    await capSet(user, 1);
    const session = await newSession(user);
    // fake-basic (the test deployment's chat model) has no price.
    const below = await sent(user, session.id, { content: "hello", model: "fake-basic" });
    expect((await finished(user, session.id, below.assistantMessage.id)).status).toBe("completed");
    expect(await holdsOf(await accountIdOf(user))).toEqual({});

    await postEntry(await accountIdOf(user), "usage", -1);
    expectCapRefusal(await send(user, session.id, { content: "again", model: "fake-basic" }), "$1.00");
  });

  it("refuses a retry the same way, a replayed retry key is still answered", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const reply = await sent(user, session.id, search("otters then retried"));
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
    expect(await debitOf(user, reply.assistantMessage.id)).toMatchObject({ amountUsd: -SEARCH_USD });
    const retry = (key: string) =>
      api(user).POST("/api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/retries", {
        params: { path: { sessionId: session.id, assistantMessageId: reply.assistantMessage.id } },
        body: { idempotencyKey: key },
      });
    const first = await retry("before-the-cap");
    expect(first.status).toBe(201);
    expect((await finished(user, session.id, first.body.data.assistantMessage.id)).status).toBe("completed");

    await capSet(user, SEARCH_USD);
    const searches = braveRequests.length;
    expectCapRefusal((await retry("after-the-cap")) as never, "$0.005");
    expect(braveRequests.length).toBe(searches);
    // Replay detection comes first: the key's first answer, no new run.
    const replayed = await retry("before-the-cap");
    expect(replayed.status).toBe(201);
    expect(replayed.body.data.assistantMessage.id).toBe(first.body.data.assistantMessage.id);
  });
});

describe("holds: a run's maximum estimated cost reserved in the account's limiter object", () => {
  it("ten concurrent sends against a cap of five: five admitted, five refused; each stop releases its hold", async () => {
    const user = await aiUser();
    const accountId = await accountIdOf(user);
    await capSet(user, 5 * SEARCH_USD);
    const sessions = await Promise.all(Array.from({ length: 10 }, () => newSession(user)));
    const answers = await Promise.all(sessions.map((session, i) => send(user, session.id, hanging(i))));

    const admitted = answers.flatMap((res, i) => (res.status === 201 ? [{ session: sessions[i]!, res }] : []));
    expect(admitted).toHaveLength(5);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expectCapRefusal(res, "$0.025");
      expect((res.body as unknown as { error: { message: string } }).error.message).toContain(
        "This run may cost up to $0.005, more than the $0.00 the cap leaves this month",
      );
    }
    const holds = await holdsOf(accountId);
    expect(Object.keys(holds).sort()).toEqual(admitted.map(({ res }) => res.body.data.assistantMessage.id).sort());
    for (const hold of Object.values(holds)) expect(hold).toMatchObject({ micros: SEARCH_USD * 1e6 });

    // A stopped search billed nothing: its hold goes at its (empty) debit, and the cap has room again.
    for (const { session, res } of admitted) {
      const stopped = await stop(user, session.id, res.body.data.assistantMessage.id);
      expect(stopped.status).toBe(200);
    }
    await holdsWhen(accountId, (left) => Object.keys(left).length === 0);
    const again = await sent(user, sessions[0]!.id, hanging(10));
    expect(await holdsOf(accountId)).toHaveProperty(again.assistantMessage.id);
    expect((await stop(user, sessions[0]!.id, again.assistantMessage.id)).status).toBe(200);
  });

  it("a finished run's hold settles at its debit, and the spend it debited then counts", async () => {
    const user = await aiUser();
    const accountId = await accountIdOf(user);
    await capSet(user, 2 * SEARCH_USD);
    const session = await newSession(user);
    const reply = await sent(user, session.id, search("otters settled"));
    expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
    const [settled] = Object.values(
      await holdsWhen(accountId, (holds) => holds[reply.assistantMessage.id]?.settledAt !== undefined),
    );
    expect(settled).toMatchObject({ micros: SEARCH_USD * 1e6 });
    expect(await walletOf(user)).toMatchObject({ monthSpentUsd: SEARCH_USD });
    // One more fits ($0.005 spent of $0.01), a third does not.
    const second = await sent(user, session.id, search("otters second"));
    expect((await finished(user, session.id, second.assistantMessage.id)).status).toBe("completed");
    await holdsWhen(accountId, (holds) => holds[second.assistantMessage.id]?.settledAt !== undefined);
    expectCapRefusal(await send(user, session.id, search("otters third")), "$0.01");
  });
});

describe("a run's hold when D1 refuses its debit at its end", () => {
  it("stays whole until the conversation's alarm commits the debit, then settles at it", async () => {
    const user = await aiUser();
    const accountId = await accountIdOf(user);
    await capSet(user, 2 * SEARCH_USD);
    const session = await newSession(user);
    // D1 refuses this session's run settlements (the update that sets `debited_at`), nothing else.
    await env.DB.prepare(
      `CREATE TRIGGER test_debit_refused BEFORE UPDATE ON ai_runs
       WHEN OLD.session_id = '${session.id}' AND NEW.debited_at IS NOT NULL
       BEGIN SELECT RAISE(ABORT, 'debit refused by the test'); END`,
    ).run();
    let reply: Awaited<ReturnType<typeof sent>>;
    try {
      reply = await sent(user, session.id, search("otters refused"));
      // The run's end (the conversation's settlement attempt) is written before its stream ends.
      expect((await finished(user, session.id, reply.assistantMessage.id)).status).toBe("completed");
    } finally {
      await env.DB.prepare("DROP TRIGGER test_debit_refused").run();
    }
    const id = reply.assistantMessage.id;
    const debits = async () =>
      (
        await env.DB.prepare("SELECT amount_micros FROM wallet_entries WHERE kind = 'usage' AND reference = ?")
          .bind(id)
          .all()
      ).results;
    expect(await debits()).toEqual([]);
    // Nothing debited yet: the hold keeps the run's whole estimate, unsettled.
    const held = (await holdsOf(accountId))[id];
    expect(held).toMatchObject({ micros: SEARCH_USD * 1e6 });
    expect(held?.settledAt).toBeUndefined();

    expect(await runDurableObjectAlarm(env.CONVERSATION.getByName(session.id))).toBe(true);
    expect(await debits()).toEqual([{ amount_micros: -SEARCH_USD * 1e6 }]);
    // Settled on the retry that committed the debit, not left to expire.
    expect((await holdsOf(accountId))[id]).toMatchObject({ micros: SEARCH_USD * 1e6, settledAt: expect.any(Number) });
    expect(await walletOf(user)).toMatchObject({ monthSpentUsd: SEARCH_USD });
  });

  it("is released when the run's session is deleted while it runs (nothing will be debited)", async () => {
    const user = await aiUser();
    const accountId = await accountIdOf(user);
    await capSet(user, 2 * SEARCH_USD);
    const session = await newSession(user);
    const reply = await sent(user, session.id, hanging(1));
    expect(await holdsOf(accountId)).toHaveProperty(reply.assistantMessage.id);
    const deleted = await api(user, { ip: uniqueIp() }).DELETE("/api/v1/ai/sessions/{sessionId}", {
      params: { path: { sessionId: session.id } },
    });
    expect(deleted.status).toBe(200);
    // The run's end finds its conversation erased: the hold goes, the cap has its room back.
    await holdsWhen(accountId, (holds) => !(reply.assistantMessage.id in holds));
    expect(await walletOf(user)).toMatchObject({ monthSpentUsd: 0 });
  });
});

describe("notices at 80% and 100% of the cap, once a month each", () => {
  const walletNotices = async (user: TestUser) => {
    const res = await call("GET", "/notifications?limit=50", { token: user.accessToken, ip: uniqueIp() });
    expect(res.status).toBe(200);
    return (res.body.data as { title: string; body: string; category: string; priority: string }[])
      .filter((n) => n.category === "wallet")
      .map((n) => n.title);
  };
  /** A run that costs nothing (the demo model): its end checks the notices all the same. */
  const freeRun = async (user: TestUser, sessionId: string) => {
    const reply = await sent(user, sessionId, { content: "hello", model: "demo" });
    // The run's end (its settlement and notices) is written before its stream ends.
    expect((await finished(user, sessionId, reply.assistantMessage.id)).status).toBe("completed");
  };
  const EIGHTY = "80% of your monthly AI spend cap used";
  const HUNDRED = "Monthly AI spend cap reached";

  it("sends each once when a run's end finds the month's spend past it; a new month sends them again", async () => {
    const user = await aiUser();
    const accountId = await accountIdOf(user);
    await capSet(user, 10);
    const session = await newSession(user);
    await postEntry(accountId, "usage", -7.99);
    await freeRun(user, session.id);
    expect(await walletNotices(user)).toEqual([]);

    await postEntry(accountId, "usage", -0.01);
    await freeRun(user, session.id);
    await freeRun(user, session.id);
    expect(await walletNotices(user)).toEqual([EIGHTY]);

    await postEntry(accountId, "usage", -2);
    await freeRun(user, session.id);
    await freeRun(user, session.id);
    expect(await walletNotices(user)).toEqual([HUNDRED, EIGHTY]);

    // Last month's notices (as the claim recorded them) do not count this month.
    const lastMonth = capMonth(Date.parse(capMonth().startsAt) - 1).key;
    await env.DB.prepare("UPDATE wallets SET cap_notice_month = ? WHERE account_id = ?")
      .bind(lastMonth, accountId)
      .run();
    await freeRun(user, session.id);
    expect(await walletNotices(user)).toEqual([HUNDRED, HUNDRED, EIGHTY]);
  });

  it("spend that jumps past both sends the 100% notice only; an account without a cap gets none", async () => {
    const capped = await aiUser();
    await capSet(capped, 1);
    await postEntry(await accountIdOf(capped), "usage", -1.5);
    await freeRun(capped, (await newSession(capped)).id);
    expect(await walletNotices(capped)).toEqual([HUNDRED]);

    const uncapped = await aiUser();
    await postEntry(await accountIdOf(uncapped), "usage", -1.5);
    await freeRun(uncapped, (await newSession(uncapped)).id);
    expect(await walletNotices(uncapped)).toEqual([]);
  });
});

describe("an MCP capability call", () => {
  it("at the cap is a tool error carrying spend_cap_reached, before any provider call", async () => {
    const user = await aiUser();
    await capSet(user, 0.01);
    await postEntry(await accountIdOf(user), "usage", -0.01);
    const searches = braveRequests.length;
    const refused = await mcp(user.accessToken, "tools/call", { name: "web_search", arguments: { query: "otters" } });
    expect(refused.status).toBe(200);
    expect(refused.result.isError).toBe(true);
    expect(resultText(refused.result)).toMatch(
      /^spend_cap_reached: This month's spend of \$0\.01 has reached the cap; the monthly spend cap of \$0\.01 resets on /,
    );
    expect(refused.result.structuredContent.error).toMatchObject({ code: "spend_cap_reached" });
    expect(braveRequests.length).toBe(searches);
  });
});
