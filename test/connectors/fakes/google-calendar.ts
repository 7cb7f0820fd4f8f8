import { bearerOf, installFakeHost, json, record, type RecordedRequest } from "./fake-host";
import { GOOGLE_AUTHORIZE_PATH, GOOGLE_TOKEN_PATH, googleOAuthServer, unauthenticated } from "./google-oauth";

/**
 * A local Google Calendar API v3: events.list (orderBy=startTime requires singleEvents=true, as
 * the real one insists), events.get, events.insert (JSON, start/end with dateTime or date),
 * calendarList.list; Calendar's error body (`errors[].reason`, no `status`). Scenarios: event
 * `e404`, query `rate-limit` (403 rateLimitExceeded), query `too-many` (429).
 */
export const CALENDAR_FAKE = "https://calendar.fake.test";
export const CALENDAR_TOKEN = "ya29.fake-calendar-token";

export const calendarRequests: RecordedRequest[] = [];
export const calendarOAuthServer = googleOAuthServer("ya29.calendar-");

const calendarError = (code: number, reason: string, message: string, headers: Record<string, string> = {}) =>
  json(
    {
      error: {
        errors: [{ domain: code === 403 || code === 429 ? "usageLimits" : "global", reason, message }],
        code,
        message,
      },
    },
    code,
    headers,
  );

const EVENT = {
  kind: "calendar#event",
  etag: '"3181161784712000"',
  id: "evt1",
  status: "confirmed",
  htmlLink: "https://www.google.com/calendar/event?eid=ZXZ0MQ",
  created: "2026-11-01T09:00:00.000Z",
  updated: "2026-11-01T09:05:00.000Z",
  summary: "Design review",
  location: "Room 4",
  creator: { email: "ada@example.com", self: true },
  organizer: { email: "ada@example.com", self: true },
  start: { dateTime: "2026-11-24T10:00:00+01:00", timeZone: "Europe/Vienna" },
  end: { dateTime: "2026-11-24T11:00:00+01:00", timeZone: "Europe/Vienna" },
  attendees: [{ email: "bob@example.com", responseStatus: "accepted" }],
  iCalUID: "evt1@google.com",
  sequence: 0,
};

function api(request: RecordedRequest, path: string): Response {
  const params = request.url.searchParams;
  if (request.method === "GET" && path === "/calendar/v3/users/me/calendarList") {
    return json({
      kind: "calendar#calendarList",
      etag: '"p1"',
      items: [
        {
          kind: "calendar#calendarListEntry",
          id: "ada@example.com",
          summary: "ada@example.com",
          timeZone: "Europe/Vienna",
          primary: true,
          accessRole: "owner",
        },
      ].slice(0, Number(params.get("maxResults") ?? 100)),
    });
  }
  const events = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(path);
  if (events && request.method === "GET") {
    if (params.get("orderBy") === "startTime" && params.get("singleEvents") !== "true")
      return calendarError(400, "invalid", "The requested ordering is not available for the particular query.");
    if (params.get("q") === "rate-limit") return calendarError(403, "rateLimitExceeded", "Rate Limit Exceeded");
    if (params.get("q") === "too-many")
      return calendarError(429, "rateLimitExceeded", "Rate Limit Exceeded", { "Retry-After": "7" });
    if (decodeURIComponent(events[1]!) !== "primary" && decodeURIComponent(events[1]!) !== "team@example.com")
      return calendarError(404, "notFound", "Not Found");
    return json({
      kind: "calendar#events",
      summary: "ada@example.com",
      timeZone: "Europe/Vienna",
      items: [
        EVENT,
        {
          id: "evt2",
          status: "confirmed",
          summary: "Holiday",
          start: { date: "2026-12-24" },
          end: { date: "2026-12-25" },
        },
      ],
    });
  }
  if (events && request.method === "POST") {
    if (!(request.headers.get("Content-Type") ?? "").startsWith("application/json"))
      return calendarError(400, "parseError", "Parse Error");
    const body = JSON.parse(request.body) as Record<string, any>;
    if (!body.start || !body.end || (!body.start.dateTime && !body.start.date))
      return calendarError(400, "required", "Missing end time.");
    if (body.start.dateTime && body.end.dateTime && body.end.dateTime < body.start.dateTime)
      return calendarError(400, "timeRangeEmpty", "The specified time range is empty.");
    return json({
      ...EVENT,
      id: "new-evt",
      summary: body.summary,
      description: body.description,
      location: body.location,
      start: body.start,
      end: body.end,
      attendees: (body.attendees ?? []).map((a: { email: string }) => ({ ...a, responseStatus: "needsAction" })),
    });
  }
  const one = /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/.exec(path);
  if (one && request.method === "GET") {
    if (one[2] !== "evt1") return calendarError(404, "notFound", "Not Found");
    return json(EVENT);
  }
  return calendarError(404, "notFound", "Not Found");
}

export function installFakeCalendar() {
  installFakeHost(CALENDAR_FAKE, async (raw) => {
    const request = await record(raw, calendarRequests);
    const path = request.url.pathname;
    if (path === GOOGLE_AUTHORIZE_PATH) return calendarOAuthServer.authorize(request.url);
    if (path === GOOGLE_TOKEN_PATH) return calendarOAuthServer.token(request);
    const token = bearerOf(request);
    if (!token || (token !== CALENDAR_TOKEN && !calendarOAuthServer.accessTokens.has(token))) return unauthenticated();
    return api(request, path);
  });
}
