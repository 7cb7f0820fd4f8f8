import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { extractPdfText } from "../../src/domains/media/pdf-text";
import { call, expectError, type TestUser } from "../helpers/api";
import { aiUser, finished, newSession, send, sent } from "../ai/helpers";
import { pdf, raw, jsonOf, upload } from "./helpers";
import { buildPdf, inflationBomb, pageFlood, pagePdf, textOperators } from "./pdf-files";

/**
 * PDF text extraction within bounds (issue 34 point 1; CONTRACT "Media"). workers/pdf-text runs in
 * workerd beside the API as deployed (an auxiliary Worker built by `wrangler deploy --dry-run`,
 * vitest.config.ts), so memory, `DecompressionStream` and one isolate's stall mean what they do in
 * production.
 */

const outcomeOf = async (id: string) =>
  (await env.DB.prepare("SELECT text_outcome FROM media WHERE id = ?").bind(id).first<{ text_outcome: string }>())
    ?.text_outcome;

const extract = async (bytes: Uint8Array, maxChars = 32_000) => {
  const answer = await env.PDF_TEXT.fetch(`https://pdf-text.internal/?maxChars=${maxChars}`, {
    method: "POST",
    body: bytes,
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { outcome: string; text?: string; truncated?: boolean; reason?: string };
};

const READ_WITHIN_LIMITS = "is a PDF whose text cannot be read within limits";

/**
 * Uploads `bytes` and sends it as an attachment while `/health` is asked again and again; returns
 * the send's answer, the upload's item, and the longest `/health` took meanwhile.
 */
async function uploadAndSendWatched(user: TestUser, bytes: Uint8Array) {
  const session = await newSession(user);
  let checking = true;
  const healthTimes: number[] = [];
  const probing = (async () => {
    while (checking) {
      const started = Date.now();
      const health = await raw("GET", "/api/v1/health");
      await health.arrayBuffer();
      expect(health.status).toBe(200);
      healthTimes.push(Date.now() - started);
      // Paced, so the probe measures the API's answer rather than queueing behind itself.
      await scheduler.wait(50);
    }
  })();
  const started = Date.now();
  try {
    const uploaded = await raw("POST", "/files", {
      token: user.accessToken,
      ip: user.ip,
      body: bytes,
      headers: { "Content-Type": "application/pdf" },
    });
    const item = (await jsonOf(uploaded)).data as { id: string };
    expect(uploaded.status).toBe(201);
    const answer = await send(user, session.id, { content: "summarise", model: "demo", attachmentIds: [item.id] });
    return { answer, item, elapsed: Date.now() - started, healthTimes };
  } finally {
    checking = false;
    await probing;
  }
}

/** CONTRACT: a 400 field error on send within 15 s, `/health` answering within 2 s meanwhile. */
async function expectRefusedInTime(watched: Awaited<ReturnType<typeof uploadAndSendWatched>>) {
  const { answer, item, elapsed, healthTimes } = watched;
  expectError(answer, 400, "bad_request");
  expect(answer.body.error.details.fields).toEqual([{ field: "attachmentIds.0", message: READ_WITHIN_LIMITS }]);
  expect(elapsed).toBeLessThan(15_000);
  expect(healthTimes.length).toBeGreaterThan(0);
  expect(Math.max(...healthTimes)).toBeLessThan(2_000);
  expect(await outcomeOf(item.id)).toBe("over_limits");
  return watched;
}

describe("hostile PDFs (issue 34 point 1)", () => {
  it("a ~1 MB PDF whose one page inflates to 300 MiB of text operators: 400 within 15 s, /health within 2 s meanwhile", async () => {
    const bomb = await inflationBomb();
    expect(bomb.length).toBeGreaterThan(256 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const user = await aiUser();
    const { item } = await expectRefusedInTime(await uploadAndSendWatched(user, bomb));
    expect(await env.BLOBS.head(`text/${item.id}`)).toBeNull();
  });

  it("a ~600 KB PDF whose /Pages lists one page 100,000 times: 400 within 15 s, /health within 2 s meanwhile", async () => {
    const flood = pageFlood();
    expect(flood.length).toBeGreaterThan(500 * 1024);
    const user = await aiUser();
    await expectRefusedInTime(await uploadAndSendWatched(user, flood));
  });

  it("the bounds, not a timer, stop them: the PDF text Worker says which bound", async () => {
    const started = Date.now();
    expect(await extract(await inflationBomb())).toEqual({ outcome: "over_limits", reason: "inflated streams" });
    expect(await extract(pageFlood())).toEqual({ outcome: "over_limits", reason: "pages" });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("the PDF text Worker", () => {
  it("reads a Flate-compressed page as it reads a plain one", async () => {
    const content = textOperators("Compressed quarterly figures", 3);
    expect(await extract(await pagePdf(content, { flate: true }))).toEqual({
      outcome: "ok",
      text: "Compressed quarterly figures\nCompressed quarterly figures\nCompressed quarterly figures",
      truncated: false,
    });
    expect((await extract(await pagePdf(content))).text).toBe(
      (await extract(await pagePdf(content, { flate: true }))).text,
    );
  });

  it("stops reading once the character budget is full", async () => {
    const long = await pagePdf(textOperators("0123456789".repeat(10), 50), { flate: true });
    const read = await extract(long, 1_000);
    expect(read.outcome).toBe("ok");
    expect(read.text).toHaveLength(1_000);
    expect(read.truncated).toBe(true);
  });

  it("reads up to 200 pages; 201 are over the limits", async () => {
    const pages = (count: number) =>
      buildPdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        `<< /Type /Pages /Kids [${"3 0 R ".repeat(count)}] /Count ${count} >>`,
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        { dict: "", stream: new TextEncoder().encode("BT /F1 12 Tf 72 720 Td (p) Tj ET") },
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      ]);
    const two = await extract(pages(200));
    expect(two.outcome).toBe("ok");
    expect(two.text!.split("\n")).toHaveLength(200);
    expect(await extract(pages(201))).toEqual({ outcome: "over_limits", reason: "pages" });
  });

  it("refuses what it cannot count: filters DecompressionStream does not speak, a filter by reference, encryption", async () => {
    const content = textOperators("hidden", 1);
    for (const filter of [
      "/Filter /LZWDecode",
      "/Filter [/ASCIIHexDecode /FlateDecode]",
      "/Filter /LZW#44ecode",
      "/Filter 9 0 R",
      "/Filter [/FlateDecode /FlateDecode]",
      "/Filter /R#4C",
    ]) {
      expect(await extract(await pagePdf(content, { filter })), filter).toEqual({
        outcome: "over_limits",
        reason: "inflated streams",
      });
    }
    const encrypted = buildPdf(
      [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [] /Count 0 >>",
        "<< /Filter /Standard /V 1 /R 2 >>",
      ],
      "/Encrypt 3 0 R ",
    );
    expect(await extract(encrypted)).toEqual({ outcome: "over_limits", reason: "inflated streams" });
  });

  it("a Flate stream that does not inflate cleanly (junk after its end, cut short, a window it refuses) is over the limits", async () => {
    const content = textOperators("x", 10);
    const good = await pagePdf(content, { flate: true });
    const stream = (await import("./pdf-files")).deflated;
    const data = await stream(new TextEncoder().encode(content), content.length);
    const withJunk = new Uint8Array([...data, 1, 2, 3, 4]);
    const cut = data.subarray(0, data.length - 6);
    // A window size DecompressionStream refuses (CINFO 8) but pdf.js does not check: never skipped.
    const wideWindow = new Uint8Array([0x88, 0x1c, ...data.subarray(2)]);
    expect((await extract(good)).outcome).toBe("ok");
    for (const bad of [withJunk, cut, wideWindow]) {
      const file = buildPdf([
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        { dict: "/Filter /FlateDecode", stream: bad },
      ]);
      expect(await extract(file)).toEqual({ outcome: "over_limits", reason: "inflated streams" });
    }
  });

  it("says unreadable for what pdf.js cannot read; 400 without a usable maxChars; 405 to another method", async () => {
    expect(await extract(new TextEncoder().encode("%PDF-1.4 nothing else"))).toEqual({ outcome: "unreadable" });
    for (const query of ["", "?maxChars=", "?maxChars=-1", "?maxChars=abc", "?maxChars=1000001"]) {
      const answer = await env.PDF_TEXT.fetch(`https://pdf-text.internal/${query}`, { method: "POST", body: pdf("x") });
      expect(answer.status, query).toBe(400);
      expect(await answer.json()).toEqual({ error: "bad_request" });
    }
    const get = await env.PDF_TEXT.fetch("https://pdf-text.internal/?maxChars=10");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe("extraction at upload", () => {
  it("records `ok` and keeps the text in R2 text/<id>; the run reads it from there; deleting the item deletes it", async () => {
    const user = await aiUser();
    const item = await upload(
      user,
      await pagePdf(textOperators("Kept at upload", 1), { flate: true }),
      "application/pdf",
    );
    expect(await outcomeOf(item.id)).toBe("ok");
    const kept = await env.BLOBS.get(`text/${item.id}`);
    expect(await kept!.text()).toBe("Kept at upload");
    expect(kept!.customMetadata).toEqual({ truncated: "0" });
    const session = await newSession(user);
    const reply = await sent(user, session.id, { content: "read", model: "demo", attachmentIds: [item.id] });
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.content).toContain("application/pdf file (14 characters)");
    expect((await call("DELETE", `/files/${item.id}`, { token: user.accessToken, ip: user.ip })).status).toBe(200);
    expect(await env.BLOBS.head(`text/${item.id}`)).toBeNull();
    expect(await env.BLOBS.head(`media/${item.id}`)).toBeNull();
  });

  it("any failed binding call is over_limits: a 5xx, a thrown call (a deadline passed), an answer it cannot use", async () => {
    const user = await aiUser();
    const item = await upload(user, pdf("anything"), "application/pdf");
    const db = createDb(env.DB);
    const signals: unknown[] = [];
    const failing = (answer: (init?: RequestInit) => Promise<Response>) =>
      ({
        BLOBS: env.BLOBS,
        PDF_TEXT: {
          fetch: (_url: string, init?: RequestInit) => {
            signals.push(init?.signal);
            return answer(init);
          },
        },
      }) as unknown as Env;
    for (const answer of [
      async () => new Response("worker exceeded its memory limit", { status: 503 }),
      async () => Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
      async () => Response.json({ outcome: "ok" }),
    ]) {
      await env.DB.prepare("UPDATE media SET text_outcome = NULL WHERE id = ?").bind(item.id).run();
      expect(await extractPdfText(db, failing(answer), item)).toBe("over_limits");
      expect(await outcomeOf(item.id)).toBe("over_limits");
    }
    // Every call is bounded by the caller's deadline.
    expect(signals.every((signal) => signal instanceof AbortSignal)).toBe(true);
  });
});

describe("migration 0016: a PDF uploaded before extraction moved to upload", () => {
  /** A media row as the schema before 0016 wrote it (no text_outcome), and its bytes in R2. */
  async function oldUpload(user: TestUser, bytes: Uint8Array) {
    const id = crypto.randomUUID();
    const createdAt = new Date().toISOString();
    const object = await env.BLOBS.put(`media/${id}`, bytes, { httpMetadata: { contentType: "application/pdf" } });
    await env.DB.prepare(
      "INSERT INTO media (id, user_id, kind, mime_type, size, source, etag, created_at) VALUES (?, ?, 'document', 'application/pdf', ?, 'upload', ?, ?)",
    )
      .bind(id, user.id, bytes.length, object!.httpEtag, createdAt)
      .run();
    expect(await outcomeOf(id)).toBeNull();
    return { id, size: bytes.length, createdAt };
  }

  /** The item as the API shows it, field for field as it was written. */
  async function expectItemAsWritten(user: TestUser, item: Awaited<ReturnType<typeof oldUpload>>) {
    const res = await call("GET", `/files/${item.id}`, { token: user.accessToken, ip: user.ip });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: item.id,
      kind: "document",
      mimeType: "application/pdf",
      size: item.size,
      source: "upload",
      createdAt: item.createdAt,
    });
  }

  it("is extracted on its first send, and refused then if it is over the limits", async () => {
    const user = await aiUser();
    const session = await newSession(user);
    const old = await oldUpload(user, pdf("Written the old way"));
    const readable = old.id;
    const reply = await sent(user, session.id, { content: "read", model: "demo", attachmentIds: [readable] });
    expect(await outcomeOf(readable)).toBe("ok");
    expect(await (await env.BLOBS.get(`text/${readable}`))!.text()).toBe("Written the old way");
    const message = await finished(user, session.id, reply.assistantMessage.id);
    expect(message.content).toContain("Written the old way");
    await expectItemAsWritten(user, old);

    const oldFlood = await oldUpload(user, pageFlood());
    const flood = oldFlood.id;
    const refused = await send(user, session.id, { content: "read", model: "demo", attachmentIds: [readable, flood] });
    expectError(refused, 400, "bad_request");
    expect(refused.body.error.details.fields).toEqual([{ field: "attachmentIds.1", message: READ_WITHIN_LIMITS }]);
    expect(await outcomeOf(flood)).toBe("over_limits");
    await expectItemAsWritten(user, oldFlood);
  });
});
