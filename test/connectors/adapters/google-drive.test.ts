import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_TEXT_BYTES, googleDriveConnector } from "../../../src/domains/connectors/adapters/saas/google-drive";
import { bearerOf } from "../fakes/fake-host";
import {
  BIG_FILE_BYTES,
  DRIVE_FAKE,
  DRIVE_TOKEN,
  driveOAuthServer,
  driveRequests,
  driveUploads,
  installFakeDrive,
} from "../fakes/google-drive";
import { checkGoogleOAuth } from "./google-oauth-check";
import { contextFor, expectToolList, run } from "./helpers";

const context = () => contextFor(DRIVE_FAKE, DRIVE_TOKEN);
const last = () => driveRequests[driveRequests.length - 1]!;

beforeAll(() => installFakeDrive());
beforeEach(() => {
  driveRequests.length = 0;
  driveUploads.length = 0;
});

describe("google-drive adapter", () => {
  it("lists the catalogue's tools: create_file needs approval", async () => {
    await expectToolList(
      googleDriveConnector.adapter,
      { search_files: false, get_file: false, read_file_text: false, create_file: true },
      context(),
    );
  });

  it("search_files builds a Drive q with escaped text, the user's query and trashed = false", async () => {
    const result = await run(
      googleDriveConnector.adapter,
      "search_files",
      { text: "Roadmap", query: "mimeType != 'application/pdf'", pageSize: 5 },
      context(),
    );
    expect(result.output).toEqual({
      files: [
        {
          id: "doc1",
          name: "Roadmap",
          mimeType: "application/vnd.google-apps.document",
          size: null,
          modifiedTime: "2026-03-04T10:00:00.000Z",
          webViewLink: "https://docs.google.com/document/d/doc1/edit",
          parents: ["root1"],
        },
      ],
      nextPageToken: null,
      incompleteSearch: false,
    });
    expect(last().url.pathname).toBe("/drive/v3/files");
    expect(last().url.searchParams.get("q")).toBe(
      "fullText contains 'Roadmap' and (mimeType != 'application/pdf') and trashed = false",
    );
    expect(last().url.searchParams.get("fields")).toBe(
      "nextPageToken,incompleteSearch,files(id,name,mimeType,size,modifiedTime,webViewLink,parents)",
    );
    expect(bearerOf(last())).toBe(DRIVE_TOKEN);
    await run(googleDriveConnector.adapter, "search_files", { text: "it's a \\ test" }, context());
    expect(last().url.searchParams.get("q")).toBe("fullText contains 'it\\'s a \\\\ test' and trashed = false");
  });

  it("get_file reads metadata with fields, sizes as numbers", async () => {
    const result = await run(googleDriveConnector.adapter, "get_file", { fileId: "txt1" }, context());
    expect(result.output).toEqual({
      id: "txt1",
      name: "notes.txt",
      mimeType: "text/plain",
      size: 12,
      modifiedTime: "2026-03-05T10:00:00.000Z",
      webViewLink: "https://drive.google.com/file/d/txt1/view",
      parents: ["root1"],
      description: "Plain notes",
      createdTime: "2026-01-02T10:00:00.000Z",
      owners: [],
      trashed: false,
    });
    expect(last().url.searchParams.get("fields")).toContain("owners(displayName,emailAddress)");
  });

  it("read_file_text exports a Google Doc as text/plain (BOM dropped) and downloads a text file with alt=media", async () => {
    const doc = await run(googleDriveConnector.adapter, "read_file_text", { fileId: "doc1" }, context());
    expect(doc.output).toEqual({
      id: "doc1",
      name: "Roadmap",
      mimeType: "application/vnd.google-apps.document",
      exportedAs: "text/plain",
      text: "Roadmap\r\nQ1: ship connectors",
      truncated: false,
    });
    expect(last().url.pathname).toBe("/drive/v3/files/doc1/export");
    expect(last().url.searchParams.get("mimeType")).toBe("text/plain");
    const text = await run(googleDriveConnector.adapter, "read_file_text", { fileId: "txt1" }, context());
    expect(text.output).toMatchObject({ text: "hello, drive", exportedAs: null, truncated: false });
    expect(last().url.searchParams.get("alt")).toBe("media");
  });

  it("read_file_text cuts at the byte cap without breaking a character", async () => {
    const capped = await run(googleDriveConnector.adapter, "read_file_text", { fileId: "big1" }, context());
    expect(capped.output.truncated).toBe(true);
    expect(new TextEncoder().encode(capped.output.text as string).byteLength).toBe(DEFAULT_TEXT_BYTES);
    const small = await run(googleDriveConnector.adapter, "read_file_text", { fileId: "big1", maxBytes: 5 }, context());
    expect(small.output.text).toBe("éé");
    expect(BIG_FILE_BYTES).toBeGreaterThan(DEFAULT_TEXT_BYTES);
  });

  it("read_file_text refuses a binary file as invalid input", async () => {
    await expect(
      googleDriveConnector.adapter.execute("read_file_text", { fileId: "pdf1" }, context()),
    ).rejects.toMatchObject({
      kind: "invalid_input",
      message: "The file is application/pdf, which has no text to read",
    });
  });

  it("create_file uploads multipart metadata + media", async () => {
    const result = await run(
      googleDriveConnector.adapter,
      "create_file",
      { name: "Minutes", content: "We agreed.\r\n\r\nDone.", parentId: "root1", convertToGoogleDoc: true },
      context(),
    );
    expect(result.output).toEqual({
      id: "new1",
      name: "Minutes",
      mimeType: "application/vnd.google-apps.document",
      webViewLink: "https://drive.google.com/file/d/new1/view",
    });
    expect(last().url.pathname).toBe("/upload/drive/v3/files");
    expect(last().url.searchParams.get("uploadType")).toBe("multipart");
    expect(driveUploads[0]).toEqual({
      metadata: { name: "Minutes", parents: ["root1"], mimeType: "application/vnd.google-apps.document" },
      contentType: "text/plain; charset=UTF-8",
      content: "We agreed.\r\n\r\nDone.",
    });
  });

  it("errors: 404 with Drive's reason, 403 userRateLimitExceeded and 429 as rate limits", async () => {
    expect(await run(googleDriveConnector.adapter, "get_file", { fileId: "f404" }, context())).toEqual({
      success: false,
      output: {},
      error: "Google Drive: notFound: File not found: f404.",
      httpStatus: 404,
    });
    expect(await run(googleDriveConnector.adapter, "read_file_text", { fileId: "f404" }, context())).toMatchObject({
      httpStatus: 404,
    });
    expect(await run(googleDriveConnector.adapter, "search_files", { text: "rate-limit" }, context())).toMatchObject({
      httpStatus: 429,
      error: "Rate limited by Google Drive (userRateLimitExceeded: User Rate Limit Exceeded.)",
    });
    expect(await run(googleDriveConnector.adapter, "search_files", { text: "too-many" }, context())).toMatchObject({
      httpStatus: 429,
      error: expect.stringMatching(/retry after 12 s$/),
    });
    expect(
      await run(googleDriveConnector.adapter, "search_files", { query: "invalid query" }, context()),
    ).toMatchObject({
      httpStatus: 400,
      error: "Google Drive: invalid: Invalid Value",
    });
  });

  it("health check: about?fields=user ok, a bad token fails", async () => {
    expect(await googleDriveConnector.adapter.healthCheck(context())).toEqual({
      ok: true,
      message: "Connected to Google Drive as ada@example.com",
    });
    expect(last().url.pathname).toBe("/drive/v3/about");
    expect((await googleDriveConnector.adapter.healthCheck(contextFor(DRIVE_FAKE, "ya29.wrong"))).ok).toBe(false);
  });
});

describe("google-drive OAuth", () => {
  it("Google's endpoints; exchange, refresh and a dead grant against the fake", async () => {
    const tokens = await checkGoogleOAuth(googleDriveConnector, DRIVE_FAKE, driveOAuthServer, [
      "https://www.googleapis.com/auth/drive.readonly",
      "https://www.googleapis.com/auth/drive.file",
    ]);
    expect((await googleDriveConnector.adapter.healthCheck(contextFor(DRIVE_FAKE, tokens.access_token))).ok).toBe(true);
  });
});
