import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { googleCalendarConnector } from "../../../src/domains/connectors/adapters/saas/google-calendar";
import { bearerOf } from "../fakes/fake-host";
import {
  CALENDAR_FAKE,
  CALENDAR_TOKEN,
  calendarOAuthServer,
  calendarRequests,
  installFakeCalendar,
} from "../fakes/google-calendar";
import { checkGoogleOAuth } from "./google-oauth-check";
import { contextFor, expectToolList, inputErrors, run } from "./helpers";

const context = () => contextFor(CALENDAR_FAKE, CALENDAR_TOKEN);
const last = () => calendarRequests[calendarRequests.length - 1]!;

const REVIEW = {
  id: "evt1",
  status: "confirmed",
  summary: "Design review",
  description: null,
  location: "Room 4",
  start: { dateTime: "2026-11-24T10:00:00+01:00", date: null, timeZone: "Europe/Vienna" },
  end: { dateTime: "2026-11-24T11:00:00+01:00", date: null, timeZone: "Europe/Vienna" },
  htmlLink: "https://www.google.com/calendar/event?eid=ZXZ0MQ",
  organizer: "ada@example.com",
  attendees: [{ email: "bob@example.com", responseStatus: "accepted" }],
  recurringEventId: null,
  created: "2026-11-01T09:00:00.000Z",
  updated: "2026-11-01T09:05:00.000Z",
};

beforeAll(() => installFakeCalendar());
beforeEach(() => {
  calendarRequests.length = 0;
});

describe("google-calendar adapter", () => {
  it("lists the catalogue's tools: create_event needs approval", async () => {
    await expectToolList(
      googleCalendarConnector.adapter,
      { list_events: false, get_event: false, create_event: true },
      context(),
    );
  });

  it("list_events expands recurring events and orders by start time", async () => {
    const result = await run(
      googleCalendarConnector.adapter,
      "list_events",
      { timeMin: "2026-11-20T00:00:00Z", timeMax: "2026-12-31T00:00:00Z", maxResults: 10 },
      context(),
    );
    expect(result.output).toMatchObject({ nextPageToken: null, timeZone: "Europe/Vienna" });
    expect((result.output.events as unknown[])[0]).toEqual(REVIEW);
    expect((result.output.events as { start: unknown }[])[1]!.start).toEqual({
      dateTime: null,
      date: "2026-12-24",
      timeZone: null,
    });
    expect(last().url.pathname).toBe("/calendar/v3/calendars/primary/events");
    expect(Object.fromEntries(last().url.searchParams)).toEqual({
      singleEvents: "true",
      orderBy: "startTime",
      timeMin: "2026-11-20T00:00:00Z",
      timeMax: "2026-12-31T00:00:00Z",
      maxResults: "10",
    });
    expect(bearerOf(last())).toBe(CALENDAR_TOKEN);
    await run(googleCalendarConnector.adapter, "list_events", { calendarId: "team@example.com" }, context());
    expect(last().url.pathname).toBe("/calendar/v3/calendars/team%40example.com/events");
  });

  it("get_event reads one event", async () => {
    expect((await run(googleCalendarConnector.adapter, "get_event", { eventId: "evt1" }, context())).output).toEqual(
      REVIEW,
    );
    expect(last().url.pathname).toBe("/calendar/v3/calendars/primary/events/evt1");
  });

  it("create_event POSTs the event with attendees and sendUpdates", async () => {
    const input = {
      summary: "Kickoff",
      location: "Online",
      start: { dateTime: "2026-12-01T09:00:00+01:00", timeZone: "Europe/Vienna" },
      end: { dateTime: "2026-12-01T09:30:00+01:00" },
      attendees: ["bob@example.com"],
      sendUpdates: "all",
    };
    const result = await run(googleCalendarConnector.adapter, "create_event", input, context());
    expect(result.output).toMatchObject({
      id: "new-evt",
      summary: "Kickoff",
      attendees: [{ email: "bob@example.com", responseStatus: "needsAction" }],
    });
    expect(last().method).toBe("POST");
    expect(last().url.searchParams.get("sendUpdates")).toBe("all");
    expect(JSON.parse(last().body)).toEqual({
      summary: "Kickoff",
      location: "Online",
      start: input.start,
      end: input.end,
      attendees: [{ email: "bob@example.com" }],
    });
    const allDay = await run(
      googleCalendarConnector.adapter,
      "create_event",
      { summary: "Off", start: { date: "2026-12-24" }, end: { date: "2026-12-25" } },
      context(),
    );
    expect(allDay.output).toMatchObject({ start: { date: "2026-12-24", dateTime: null } });
    expect(last().url.searchParams.get("sendUpdates")).toBe("none");
  });

  it("start needs exactly one of dateTime and date", () => {
    expect(
      inputErrors(googleCalendarConnector.adapter, "create_event", {
        summary: "x",
        start: {},
        end: { date: "2026-12-25" },
      }),
    ).not.toEqual([]);
    expect(
      inputErrors(googleCalendarConnector.adapter, "create_event", {
        summary: "x",
        start: { date: "2026-12-24", dateTime: "2026-12-24T10:00:00Z" },
        end: { date: "2026-12-25" },
      }),
    ).not.toEqual([]);
    expect(inputErrors(googleCalendarConnector.adapter, "list_events", { timeMin: "tomorrow" })).not.toEqual([]);
  });

  it("errors: 404, 400 from Google, 403 rateLimitExceeded and 429 as rate limits", async () => {
    expect(await run(googleCalendarConnector.adapter, "get_event", { eventId: "e404" }, context())).toEqual({
      success: false,
      output: {},
      error: "Google Calendar: notFound: Not Found",
      httpStatus: 404,
    });
    const empty = await run(
      googleCalendarConnector.adapter,
      "create_event",
      { summary: "x", start: { dateTime: "2026-12-01T10:00:00Z" }, end: { dateTime: "2026-12-01T09:00:00Z" } },
      context(),
    );
    expect(empty).toMatchObject({
      httpStatus: 400,
      error: "Google Calendar: timeRangeEmpty: The specified time range is empty.",
    });
    expect(await run(googleCalendarConnector.adapter, "list_events", { query: "rate-limit" }, context())).toMatchObject(
      {
        httpStatus: 429,
        error: "Rate limited by Google Calendar (rateLimitExceeded: Rate Limit Exceeded)",
      },
    );
    expect(await run(googleCalendarConnector.adapter, "list_events", { query: "too-many" }, context())).toMatchObject({
      httpStatus: 429,
      error: expect.stringMatching(/retry after 7 s$/),
    });
  });

  it("health check: calendarList?maxResults=1 ok, a bad token fails", async () => {
    expect(await googleCalendarConnector.adapter.healthCheck(context())).toEqual({
      ok: true,
      message: "Connected to Google Calendar (ada@example.com)",
    });
    expect(last().url.pathname).toBe("/calendar/v3/users/me/calendarList");
    expect(last().url.searchParams.get("maxResults")).toBe("1");
    const failing = await googleCalendarConnector.adapter.healthCheck(contextFor(CALENDAR_FAKE, "ya29.wrong"));
    expect(failing).toEqual({
      ok: false,
      message: expect.stringMatching(/^Google Calendar: UNAUTHENTICATED: .*\(HTTP 401\)$/),
    });
  });
});

describe("google-calendar OAuth", () => {
  it("Google's endpoints; exchange, refresh and a dead grant against the fake", async () => {
    const tokens = await checkGoogleOAuth(googleCalendarConnector, CALENDAR_FAKE, calendarOAuthServer, [
      "https://www.googleapis.com/auth/calendar.readonly",
      "https://www.googleapis.com/auth/calendar.events",
    ]);
    expect((await googleCalendarConnector.adapter.healthCheck(contextFor(CALENDAR_FAKE, tokens.access_token))).ok).toBe(
      true,
    );
  });
});
