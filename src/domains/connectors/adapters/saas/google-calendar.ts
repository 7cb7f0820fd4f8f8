import { num, str, succeeded } from "../provider-http";
import type { SaasTool } from "./adapter";
import { defineSaasConnector } from "./define";
import { googleHttp, googleOAuth } from "./google";
import { closed, nullableString, optional } from "./schema";

/**
 * Google Calendar (API v3, https://developers.google.com/calendar/api/v3/reference). Recurring
 * events are expanded (`singleEvents=true`) so a list is ordered by start time.
 */
const api = googleHttp("Google Calendar", "https://www.googleapis.com/calendar/v3");

const calendarId = {
  type: "string",
  minLength: 1,
  maxLength: 300,
  pattern: "^[^/\\s]+$",
  default: "primary",
  description: "`primary` or a calendar id (often an email address)",
};
const eventId = { type: "string", pattern: "^[A-Za-z0-9_-]{1,1024}$" };
const dateTime = {
  type: "string",
  pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$",
  description: "RFC 3339 with an offset",
};
const date = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" };
const email = {
  type: "string",
  pattern: '^[^\\s@<>(),;:"\\[\\]\\\\]+@[^\\s@<>(),;:"\\[\\]\\\\]+\\.[^\\s@<>(),;:"\\[\\]\\\\]+$',
  maxLength: 254,
};

const timeSchema = {
  type: "object",
  required: ["dateTime", "date", "timeZone"],
  properties: { dateTime: nullableString, date: nullableString, timeZone: nullableString },
};

const eventSchema = {
  type: "object",
  required: [
    "id",
    "status",
    "summary",
    "description",
    "location",
    "start",
    "end",
    "htmlLink",
    "organizer",
    "attendees",
    "recurringEventId",
    "created",
    "updated",
  ],
  properties: {
    id: { type: "string" },
    status: nullableString,
    summary: nullableString,
    description: nullableString,
    location: nullableString,
    start: timeSchema,
    end: timeSchema,
    htmlLink: nullableString,
    organizer: nullableString,
    attendees: {
      type: "array",
      items: {
        type: "object",
        required: ["email", "responseStatus"],
        properties: { email: nullableString, responseStatus: nullableString },
      },
    },
    recurringEventId: nullableString,
    created: nullableString,
    updated: nullableString,
  },
};

interface EventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

interface CalendarEvent {
  id: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: EventTime;
  end?: EventTime;
  htmlLink?: string;
  organizer?: { email?: string };
  attendees?: { email?: string; responseStatus?: string }[];
  recurringEventId?: string;
  created?: string;
  updated?: string;
}

const timeOut = (time: EventTime | undefined) => ({
  dateTime: time?.dateTime ?? null,
  date: time?.date ?? null,
  timeZone: time?.timeZone ?? null,
});

const eventOut = (event: CalendarEvent) => ({
  id: event.id,
  status: event.status ?? null,
  summary: event.summary ?? null,
  description: event.description ?? null,
  location: event.location ?? null,
  start: timeOut(event.start),
  end: timeOut(event.end),
  htmlLink: event.htmlLink ?? null,
  organizer: event.organizer?.email ?? null,
  attendees: (event.attendees ?? []).map((attendee) => ({
    email: attendee.email ?? null,
    responseStatus: attendee.responseStatus ?? null,
  })),
  recurringEventId: event.recurringEventId ?? null,
  created: event.created ?? null,
  updated: event.updated ?? null,
});

const eventsPath = (calendar: unknown) => `/calendars/${encodeURIComponent(str(calendar) ?? "primary")}/events`;

const listEvents: SaasTool = {
  toolKey: "list_events",
  texts: {
    en: {
      displayName: "List events",
      description: "Lists calendar events in a time range, ordered by start time, optionally matching a text.",
    },
    de: {
      displayName: "Termine auflisten",
      description: "Listet Kalendertermine in einem Zeitraum nach Beginn sortiert auf, optional passend zu einem Text.",
    },
    fr: {
      displayName: "Lister les événements",
      description:
        "Liste les événements d'agenda d'une période, triés par heure de début, éventuellement filtrés par un texte.",
    },
    es: {
      displayName: "Listar eventos",
      description:
        "Enumera los eventos del calendario en un intervalo, ordenados por hora de inicio, opcionalmente filtrados por un texto.",
    },
    ja: {
      displayName: "予定一覧",
      description: "指定期間のカレンダーの予定を開始時刻順に一覧表示します（テキストで絞り込み可能）。",
    },
  },
  inputSchema: closed({
    calendarId: optional(calendarId),
    timeMin: optional(dateTime),
    timeMax: optional(dateTime),
    query: optional({ type: "string", minLength: 1, maxLength: 500 }),
    maxResults: optional({ type: "integer", minimum: 1, maximum: 250, default: 25 }),
    pageToken: optional({ type: "string", minLength: 1, maxLength: 1000 }),
  }),
  outputSchema: {
    type: "object",
    required: ["events", "nextPageToken", "timeZone"],
    properties: {
      events: { type: "array", items: eventSchema },
      nextPageToken: nullableString,
      timeZone: nullableString,
    },
  },
  requiresApproval: false,
  // Calendar's per-user quota (600 queries per minute) is far above one tool's use.
  rateLimitRpm: null,
  async run(input, context) {
    const outcome = await api.call<{ items?: CalendarEvent[]; nextPageToken?: string; timeZone?: string }>(
      context,
      eventsPath(input.calendarId),
      {
        query: {
          singleEvents: true,
          orderBy: "startTime",
          timeMin: str(input.timeMin),
          timeMax: str(input.timeMax),
          q: str(input.query),
          maxResults: num(input.maxResults) ?? 25,
          pageToken: str(input.pageToken),
        },
      },
    );
    if (!outcome.ok) return outcome.result;
    return succeeded({
      events: (outcome.body.items ?? []).map(eventOut),
      nextPageToken: outcome.body.nextPageToken ?? null,
      timeZone: outcome.body.timeZone ?? null,
    });
  },
};

const getEvent: SaasTool = {
  toolKey: "get_event",
  texts: {
    en: {
      displayName: "Get event",
      description: "Reads one calendar event with its time, place, organizer and attendees.",
    },
    de: {
      displayName: "Termin abrufen",
      description: "Liest einen Kalendertermin mit Zeit, Ort, Organisator und Teilnehmenden.",
    },
    fr: {
      displayName: "Obtenir un événement",
      description: "Lit un événement d'agenda avec son heure, son lieu, son organisateur et ses participants.",
    },
    es: {
      displayName: "Obtener evento",
      description: "Lee un evento del calendario con su hora, lugar, organizador y asistentes.",
    },
    ja: {
      displayName: "予定を取得",
      description: "カレンダーの予定を 1 件、時間・場所・主催者・参加者とともに読み取ります。",
    },
  },
  inputSchema: closed({ calendarId: optional(calendarId), eventId }),
  outputSchema: eventSchema,
  requiresApproval: false,
  rateLimitRpm: null,
  async run(input, context) {
    const outcome = await api.call<CalendarEvent>(
      context,
      `${eventsPath(input.calendarId)}/${encodeURIComponent(str(input.eventId) ?? "")}`,
    );
    if (!outcome.ok) return outcome.result;
    return succeeded(eventOut(outcome.body));
  },
};

const timeInput = closed(
  {
    dateTime: optional(dateTime),
    date: optional(date),
    timeZone: optional({
      type: "string",
      pattern: "^[A-Za-z_]+(/[A-Za-z0-9_+-]+){0,2}$",
      description: "IANA name, e.g. Europe/Vienna",
    }),
  },
  { oneOf: [{ required: ["dateTime"] }, { required: ["date"] }] },
);

const createEvent: SaasTool = {
  toolKey: "create_event",
  texts: {
    en: {
      displayName: "Create event",
      description: "Creates a calendar event (timed or all-day) and optionally invites attendees.",
    },
    de: {
      displayName: "Termin erstellen",
      description: "Erstellt einen Kalendertermin (mit Uhrzeit oder ganztägig) und lädt optional Teilnehmende ein.",
    },
    fr: {
      displayName: "Créer un événement",
      description:
        "Crée un événement d'agenda (avec horaire ou sur la journée) et invite éventuellement des participants.",
    },
    es: {
      displayName: "Crear evento",
      description: "Crea un evento del calendario (con hora o de día completo) y opcionalmente invita a asistentes.",
    },
    ja: {
      displayName: "予定を作成",
      description: "カレンダーに予定（時刻指定または終日）を作成し、必要に応じて参加者を招待します。",
    },
  },
  inputSchema: closed({
    calendarId: optional(calendarId),
    summary: { type: "string", minLength: 1, maxLength: 1024 },
    description: optional({ type: "string", maxLength: 8192 }),
    location: optional({ type: "string", maxLength: 1024 }),
    start: timeInput,
    end: timeInput,
    attendees: optional({ type: "array", items: email, maxItems: 100, uniqueItems: true }),
    sendUpdates: optional({ enum: ["all", "externalOnly", "none"], default: "none" }),
  }),
  outputSchema: eventSchema,
  requiresApproval: true,
  rateLimitRpm: null,
  async run(input, context) {
    const body: Record<string, unknown> = { summary: str(input.summary), start: input.start, end: input.end };
    if (str(input.description)) body.description = str(input.description);
    if (str(input.location)) body.location = str(input.location);
    if (Array.isArray(input.attendees))
      body.attendees = (input.attendees as string[]).map((address) => ({ email: address }));
    const outcome = await api.call<CalendarEvent>(context, eventsPath(input.calendarId), {
      method: "POST",
      query: { sendUpdates: str(input.sendUpdates) ?? "none" },
      json: body,
    });
    if (!outcome.ok) return outcome.result;
    return succeeded(eventOut(outcome.body));
  },
};

export const googleCalendarConnector = defineSaasConnector({
  key: "google-calendar",
  catalogue: {
    category: "productivity",
    displayName: {
      en: "Google Calendar",
      de: "Google Kalender",
      fr: "Google Agenda",
      es: "Google Calendar",
      ja: "Google カレンダー",
    },
    description: {
      en: "List and read events and create new ones.",
      de: "Termine auflisten, lesen und neue anlegen.",
      fr: "Lister et lire des événements et en créer.",
      es: "Listar y leer eventos y crear otros nuevos.",
      ja: "予定の一覧と閲覧、新しい予定の作成を行います。",
    },
  },
  oauth: googleOAuth([
    // Calendar list (health check) and events of every calendar the user can see.
    "https://www.googleapis.com/auth/calendar.readonly",
    // Creating events.
    "https://www.googleapis.com/auth/calendar.events",
  ]),
  http: api,
  health: {
    path: "/users/me/calendarList",
    request: { query: { maxResults: 1 } },
    describe: (list: { items?: { id?: string; summary?: string; primary?: boolean }[] }) =>
      `Connected to Google Calendar (${list.items?.[0]?.summary ?? "no calendars"})`,
  },
  tools: [listEvents, getEvent, createEvent],
});
