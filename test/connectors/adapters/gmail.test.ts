import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  base64UrlDecode,
  composeRaw,
  gmailConnector,
  MAX_MESSAGE_TEXT_CHARS,
} from "../../../src/domains/connectors/adapters/saas/gmail";
import { bearerOf } from "../fakes/fake-host";
import {
  GMAIL_FAKE,
  GMAIL_TOKEN,
  gmailOAuthServer,
  gmailRawMessages,
  gmailRequests,
  installFakeGmail,
} from "../fakes/gmail";
import { checkGoogleOAuth } from "./google-oauth-check";
import { contextFor, expectToolList, inputErrors, run } from "./helpers";

const context = () => contextFor(GMAIL_FAKE, GMAIL_TOKEN);
const last = () => gmailRequests[gmailRequests.length - 1]!;

beforeAll(() => installFakeGmail());
beforeEach(() => {
  gmailRequests.length = 0;
  gmailRawMessages.length = 0;
});

describe("gmail adapter", () => {
  it("lists the catalogue's tools: drafts and sending need approval", async () => {
    await expectToolList(
      gmailConnector.adapter,
      { search_messages: false, read_message: false, create_draft: true, send_email: true },
      context(),
    );
  });

  it("search_messages calls messages.list with q", async () => {
    const result = await run(
      gmailConnector.adapter,
      "search_messages",
      { query: "from:ada newer_than:7d", maxResults: 1 },
      context(),
    );
    expect(result.output).toEqual({
      messages: [{ id: "18e9f1", threadId: "t-1" }],
      nextPageToken: "08601201",
      resultSizeEstimate: 2,
    });
    expect(last().url.pathname).toBe("/gmail/v1/users/me/messages");
    expect(Object.fromEntries(last().url.searchParams)).toEqual({
      q: "from:ada newer_than:7d",
      maxResults: "1",
      includeSpamTrash: "false",
    });
    expect(bearerOf(last())).toBe(GMAIL_TOKEN);
  });

  it("read_message decodes the text/plain part (base64url, UTF-8), headers and attachments", async () => {
    const result = await run(gmailConnector.adapter, "read_message", { messageId: "18e9f1" }, context());
    expect(result.output).toEqual({
      id: "18e9f1",
      threadId: "t-1",
      labelIds: ["INBOX", "UNREAD"],
      subject: "Quarterly report",
      from: "Ada Lovelace <ada@example.com>",
      to: "me@example.com",
      cc: null,
      date: "Fri, 5 Apr 2024 19:34:38 +0000",
      snippet: "Grüße aus München",
      text: "Grüße aus München,\nAda\n",
      truncated: false,
      attachments: [{ filename: "report.pdf", mimeType: "application/pdf", size: 52132, attachmentId: "ANGjdJ8" }],
    });
    expect(last().url.searchParams.get("format")).toBe("full");
    const html = await run(gmailConnector.adapter, "read_message", { messageId: "mhtml" }, context());
    expect(html.output.text).toBe("Hello & welcome");
    expect(MAX_MESSAGE_TEXT_CHARS).toBe(100_000);
  });

  it("create_draft sends a base64url RFC 2822 message with encoded subject", async () => {
    const input = {
      to: ["bob@example.com"],
      cc: ["carol@example.com"],
      subject: "Grüße",
      body: "Hallo Bob,\nbis morgen.",
    };
    const result = await run(gmailConnector.adapter, "create_draft", input, context());
    expect(result.output).toEqual({ draftId: "r-5824396", messageId: "18e9f9", threadId: "t-9" });
    expect(last().method).toBe("POST");
    expect(last().url.pathname).toBe("/gmail/v1/users/me/drafts");
    const message = gmailRawMessages[0]!;
    expect(message).toContain("To: bob@example.com\r\nCc: carol@example.com\r\n");
    expect(message).toContain(
      `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode("Grüße")))}?=\r\n`,
    );
    expect(message).toContain('Content-Type: text/plain; charset="UTF-8"\r\nContent-Transfer-Encoding: base64\r\n\r\n');
    const body = message.split("\r\n\r\n")[1]!.replace(/\r\n/g, "");
    expect(new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)))).toBe(
      "Hallo Bob,\nbis morgen.",
    );
  });

  it("send_email calls messages.send with raw and threadId", async () => {
    const result = await run(
      gmailConnector.adapter,
      "send_email",
      { to: ["bob@example.com"], subject: "Re: plan", body: "Yes.", threadId: "t-77" },
      context(),
    );
    expect(result.output).toEqual({ id: "18e9fa", threadId: "t-77", labelIds: ["SENT"] });
    expect(last().url.pathname).toBe("/gmail/v1/users/me/messages/send");
    expect(JSON.parse(last().body)).toEqual({ raw: expect.stringMatching(/^[A-Za-z0-9_-]+$/), threadId: "t-77" });
    expect(gmailRawMessages[0]).toContain("Subject: Re: plan\r\n");
  });

  it("a Google error is a failed result with its status and message", async () => {
    expect(await run(gmailConnector.adapter, "read_message", { messageId: "m404" }, context())).toEqual({
      success: false,
      output: {},
      error: "Gmail: NOT_FOUND: Requested entity was not found.",
      httpStatus: 404,
    });
    const denied = await run(
      gmailConnector.adapter,
      "search_messages",
      { query: "x" },
      contextFor(GMAIL_FAKE, "ya29.wrong"),
    );
    expect(denied).toMatchObject({
      success: false,
      httpStatus: 401,
      error: expect.stringMatching(/^Gmail: UNAUTHENTICATED: /),
    });
  });

  it("a 429 is a rate-limited result", async () => {
    expect(await run(gmailConnector.adapter, "search_messages", { query: "rate-limit" }, context())).toEqual({
      success: false,
      output: {},
      error: "Rate limited by Gmail (RESOURCE_EXHAUSTED: Too many concurrent requests for user.); retry after 5 s",
      httpStatus: 429,
    });
    expect(
      (
        await run(
          gmailConnector.adapter,
          "send_email",
          { to: ["ratelimit@example.com"], subject: "x", body: "y" },
          context(),
        )
      ).httpStatus,
    ).toBe(429);
  });

  it("refuses header injection and display names in addresses", () => {
    expect(
      inputErrors(gmailConnector.adapter, "send_email", {
        to: ["bob@example.com\r\nBcc: eve@example.com"],
        subject: "x",
        body: "y",
      }),
    ).not.toEqual([]);
    expect(
      inputErrors(gmailConnector.adapter, "send_email", {
        to: ["bob@example.com"],
        subject: "x\r\nBcc: eve@example.com",
        body: "y",
      }),
    ).not.toEqual([]);
    expect(
      inputErrors(gmailConnector.adapter, "send_email", { to: ["Bob <bob@example.com>"], subject: "x", body: "y" }),
    ).not.toEqual([]);
    expect(inputErrors(gmailConnector.adapter, "send_email", { to: [], subject: "x", body: "y" })).not.toEqual([]);
    expect(() => composeRaw({ to: ["a@b.c"], subject: "x\nBcc: eve@example.com", body: "" })).toThrow(/line breaks/);
  });

  it("composes long bodies with 76-column base64 lines that decode back", () => {
    const raw = new TextDecoder().decode(
      base64UrlDecode(composeRaw({ to: ["a@b.co"], subject: "long", body: "x".repeat(500) })),
    );
    const lines = raw.split("\r\n\r\n")[1]!.split("\r\n");
    expect(lines.every((line) => line.length <= 76)).toBe(true);
    expect(atob(lines.join(""))).toBe("x".repeat(500));
  });

  it("health check: profile ok, a bad token fails", async () => {
    expect(await gmailConnector.adapter.healthCheck(context())).toEqual({
      ok: true,
      message: "Connected to Gmail as me@example.com",
    });
    expect(last().url.pathname).toBe("/gmail/v1/users/me/profile");
    const failing = await gmailConnector.adapter.healthCheck(contextFor(GMAIL_FAKE, "ya29.revoked"));
    expect(failing.ok).toBe(false);
    expect(failing.message).toMatch(/^Gmail: UNAUTHENTICATED: .*\(HTTP 401\)$/);
    expect(failing.message).not.toContain("ya29.revoked");
  });
});

describe("gmail OAuth", () => {
  it("Google's endpoints with offline access and PKCE; exchange, refresh and a dead grant against the fake", async () => {
    const tokens = await checkGoogleOAuth(gmailConnector, GMAIL_FAKE, gmailOAuthServer, [
      "https://www.googleapis.com/auth/gmail.readonly",
      "https://www.googleapis.com/auth/gmail.compose",
    ]);
    expect(await gmailConnector.adapter.healthCheck(contextFor(GMAIL_FAKE, tokens.access_token))).toMatchObject({
      ok: true,
    });
  });
});
