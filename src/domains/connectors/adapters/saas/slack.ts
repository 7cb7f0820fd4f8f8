import { same } from "../catalogue-types";
import { readStandardTokens, type TokenReader } from "../oauth-tokens";
import {
  failed,
  num,
  rateLimited,
  shortMessage,
  str,
  succeeded,
  type Outcome,
  type ProviderAnswer,
} from "../provider-http";
import type { SaasTool } from "./adapter";
import { AdapterError, OAuthTokenError } from "../../../../../shared/connectors/adapter-port";
import { saasHttp } from "./api";
import { defineSaasConnector } from "./define";
import { closed, nullableString, optional } from "./schema";

/**
 * Slack (Web API, https://docs.slack.dev/reference/methods). The connection holds a USER token
 * (`xoxp-`, scopes requested with `user_scope`): `search.messages` only works with a user token,
 * and history/post then act as the person who connected, within the channels they can see.
 * Slack answers most failures with HTTP 200 and `{ok:false, error}`: the result keeps that 200 as
 * its `httpStatus` (CONTRACT: the status the external service really answered) and Slack's error
 * name in `error`; only a real HTTP 429 is a rate-limited result.
 */
const PROVIDER = "Slack";

/** User scopes, one per method family the tools call. */
const SLACK_USER_SCOPES = [
  "channels:read",
  "groups:read",
  "channels:history",
  "groups:history",
  "search:read",
  "chat:write",
];

interface SlackBody {
  ok?: boolean;
  error?: string;
  needed?: string;
  response_metadata?: { next_cursor?: string; messages?: string[] };
}

/** Slack's answers: HTTP 200 with `ok:true`, or `ok:false` and an error name (only 429 is a rate limit). */
function readSlackAnswer(answer: ProviderAnswer): Outcome<SlackBody> {
  if (answer.status === 429) return { ok: false, result: rateLimited(PROVIDER, answer.retryAfterSeconds) };
  const parsed = answer.body as SlackBody | null;
  if (!parsed || typeof parsed !== "object")
    throw new AdapterError("bad_response", `Slack answered HTTP ${answer.status} without a JSON object`, answer.status);
  if (answer.status !== 200)
    return {
      ok: false,
      result: failed(answer.status, `Slack: ${shortMessage(parsed.error, `HTTP ${answer.status}`)}`),
    };
  if (parsed.ok === true) return { ok: true, body: parsed };
  if (parsed.ok === false && typeof parsed.error === "string") {
    const needed = parsed.error === "missing_scope" && parsed.needed ? ` (needs ${parsed.needed})` : "";
    return { ok: false, result: failed(answer.status, `Slack: ${shortMessage(parsed.error, "error")}${needed}`) };
  }
  throw new AdapterError("bad_response", "Slack answered without its ok field", answer.status);
}

/** Web API methods: GET with the arguments as query, POST with a JSON body. */
const api = saasHttp({
  name: PROVIDER,
  baseUrl: "https://slack.com/api",
  jsonContentType: "application/json; charset=utf-8",
  readAnswer: readSlackAnswer,
});

const nextCursor = (body: SlackBody) => body.response_metadata?.next_cursor || null;
const cursorInput = { type: "string", minLength: 1, maxLength: 500, description: "nextCursor of the previous page" };

// --- list_channels ---------------------------------------------------------------------------

interface SlackChannel {
  id: string;
  name?: string;
  is_private?: boolean;
  is_archived?: boolean;
  topic?: { value?: string };
  purpose?: { value?: string };
  num_members?: number;
}

const channelOut = (channel: SlackChannel) => ({
  id: channel.id,
  name: channel.name ?? null,
  isPrivate: channel.is_private === true,
  isArchived: channel.is_archived === true,
  topic: channel.topic?.value || null,
  purpose: channel.purpose?.value || null,
  memberCount: typeof channel.num_members === "number" ? channel.num_members : null,
});

const listChannels: SaasTool = {
  toolKey: "list_channels",
  texts: {
    en: {
      displayName: "List channels",
      description: "Lists the Slack channels the connected user can see (public and private).",
    },
    de: {
      displayName: "Kanäle auflisten",
      description: "Listet die Slack-Kanäle auf, die die verbundene Person sehen kann (öffentlich und privat).",
    },
    fr: {
      displayName: "Lister les canaux",
      description: "Liste les canaux Slack visibles par l'utilisateur connecté (publics et privés).",
    },
    es: {
      displayName: "Listar canales",
      description: "Enumera los canales de Slack que el usuario conectado puede ver (públicos y privados).",
    },
    ja: {
      displayName: "チャンネル一覧",
      description: "接続したユーザーが閲覧できる Slack チャンネル（パブリックとプライベート）を一覧表示します。",
    },
  },
  inputSchema: closed({
    types: optional({
      type: "array",
      items: { enum: ["public_channel", "private_channel"] },
      minItems: 1,
      uniqueItems: true,
      default: ["public_channel", "private_channel"],
    }),
    excludeArchived: optional({ type: "boolean", default: true }),
    limit: optional({ type: "integer", minimum: 1, maximum: 200, default: 100 }),
    cursor: optional(cursorInput),
  }),
  outputSchema: {
    type: "object",
    required: ["channels", "nextCursor"],
    properties: {
      channels: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "name", "isPrivate", "isArchived", "topic", "purpose", "memberCount"],
          properties: {
            id: { type: "string" },
            name: nullableString,
            isPrivate: { type: "boolean" },
            isArchived: { type: "boolean" },
            topic: nullableString,
            purpose: nullableString,
            memberCount: { type: ["integer", "null"] },
          },
        },
      },
      nextCursor: nullableString,
    },
  },
  requiresApproval: false,
  // conversations.list is Tier 2 (20+ per minute).
  rateLimitRpm: 20,
  async run(input, context) {
    const types = Array.isArray(input.types) ? (input.types as string[]) : ["public_channel", "private_channel"];
    const outcome = await api.call<SlackBody & { channels?: SlackChannel[] }>(context, "/conversations.list", {
      query: {
        types: types.join(","),
        exclude_archived: input.excludeArchived !== false,
        limit: num(input.limit) ?? 100,
        cursor: str(input.cursor),
      },
    });
    if (!outcome.ok) return outcome.result;
    return succeeded({ channels: (outcome.body.channels ?? []).map(channelOut), nextCursor: nextCursor(outcome.body) });
  },
};

// --- read_channel_history --------------------------------------------------------------------

interface SlackMessage {
  ts: string;
  user?: string;
  username?: string;
  bot_id?: string;
  text?: string;
  thread_ts?: string;
  reply_count?: number;
}

const messageOut = (message: SlackMessage) => ({
  ts: message.ts,
  user: message.user ?? null,
  botId: message.bot_id ?? null,
  text: message.text ?? "",
  threadTs: message.thread_ts ?? null,
  replyCount: typeof message.reply_count === "number" ? message.reply_count : 0,
});

const slackTs = {
  type: "string",
  pattern: "^\\d{1,12}(\\.\\d{1,6})?$",
  description: "A Slack timestamp (seconds since the epoch, e.g. 1712345678.000100)",
};
const channelId = { type: "string", pattern: "^[A-Z0-9]{2,40}$", description: "A channel id (C..., G..., D...)" };

const readChannelHistory: SaasTool = {
  toolKey: "read_channel_history",
  texts: {
    en: {
      displayName: "Read channel history",
      description: "Reads the latest messages of a Slack channel, newest first.",
    },
    de: {
      displayName: "Kanalverlauf lesen",
      description: "Liest die neuesten Nachrichten eines Slack-Kanals, die neueste zuerst.",
    },
    fr: {
      displayName: "Lire l'historique du canal",
      description: "Lit les derniers messages d'un canal Slack, du plus récent au plus ancien.",
    },
    es: {
      displayName: "Leer historial del canal",
      description: "Lee los mensajes más recientes de un canal de Slack, del más nuevo al más antiguo.",
    },
    ja: {
      displayName: "チャンネル履歴を読む",
      description: "Slack チャンネルの最新メッセージを新しい順に読み取ります。",
    },
  },
  inputSchema: closed({
    channel: channelId,
    limit: optional({ type: "integer", minimum: 1, maximum: 200, default: 50 }),
    oldest: optional(slackTs),
    latest: optional(slackTs),
    cursor: optional(cursorInput),
  }),
  outputSchema: {
    type: "object",
    required: ["messages", "hasMore", "nextCursor"],
    properties: {
      messages: {
        type: "array",
        items: {
          type: "object",
          required: ["ts", "user", "botId", "text", "threadTs", "replyCount"],
          properties: {
            ts: { type: "string" },
            user: nullableString,
            botId: nullableString,
            text: { type: "string" },
            threadTs: nullableString,
            replyCount: { type: "integer", minimum: 0 },
          },
        },
      },
      hasMore: { type: "boolean" },
      nextCursor: nullableString,
    },
  },
  requiresApproval: false,
  // conversations.history is Tier 3 (50+ per minute) for Marketplace apps; see docs for the
  // 1-per-minute limit Slack applies to unlisted apps created since May 2025.
  rateLimitRpm: 50,
  async run(input, context) {
    const outcome = await api.call<SlackBody & { messages?: SlackMessage[]; has_more?: boolean }>(
      context,
      "/conversations.history",
      {
        query: {
          channel: str(input.channel),
          limit: num(input.limit) ?? 50,
          oldest: str(input.oldest),
          latest: str(input.latest),
          cursor: str(input.cursor),
        },
      },
    );
    if (!outcome.ok) return outcome.result;
    const body = outcome.body;
    return succeeded({
      messages: (body.messages ?? []).map(messageOut),
      hasMore: body.has_more === true,
      nextCursor: nextCursor(body),
    });
  },
};

// --- search_messages -------------------------------------------------------------------------

interface SlackMatch extends SlackMessage {
  channel?: { id?: string; name?: string };
  permalink?: string;
}

const searchMessages: SaasTool = {
  toolKey: "search_messages",
  texts: {
    en: {
      displayName: "Search messages",
      description: "Searches Slack messages with Slack's search syntax (in:#channel, from:@user, before:, after:).",
    },
    de: {
      displayName: "Nachrichten suchen",
      description: "Durchsucht Slack-Nachrichten mit der Slack-Suchsyntax (in:#kanal, from:@person, before:, after:).",
    },
    fr: {
      displayName: "Rechercher des messages",
      description:
        "Recherche des messages Slack avec la syntaxe de recherche de Slack (in:#canal, from:@utilisateur, before:, after:).",
    },
    es: {
      displayName: "Buscar mensajes",
      description:
        "Busca mensajes de Slack con la sintaxis de búsqueda de Slack (in:#canal, from:@usuario, before:, after:).",
    },
    ja: {
      displayName: "メッセージを検索",
      description: "Slack の検索構文（in:#チャンネル、from:@ユーザー、before:、after:）でメッセージを検索します。",
    },
  },
  inputSchema: closed({
    query: { type: "string", minLength: 1, maxLength: 1000 },
    count: optional({ type: "integer", minimum: 1, maximum: 100, default: 20 }),
    page: optional({ type: "integer", minimum: 1, maximum: 100, default: 1 }),
    sort: optional({ enum: ["score", "timestamp"], default: "score" }),
    sortDir: optional({ enum: ["asc", "desc"], default: "desc" }),
  }),
  outputSchema: {
    type: "object",
    required: ["total", "page", "pageCount", "messages"],
    properties: {
      total: { type: "integer", minimum: 0 },
      page: { type: "integer", minimum: 1 },
      pageCount: { type: "integer", minimum: 0 },
      messages: {
        type: "array",
        items: {
          type: "object",
          required: ["ts", "text", "user", "username", "channel", "permalink"],
          properties: {
            ts: { type: "string" },
            text: { type: "string" },
            user: nullableString,
            username: nullableString,
            channel: {
              type: "object",
              required: ["id", "name"],
              properties: { id: nullableString, name: nullableString },
            },
            permalink: nullableString,
          },
        },
      },
    },
  },
  requiresApproval: false,
  // search.messages is Tier 2 (20+ per minute).
  rateLimitRpm: 20,
  async run(input, context) {
    const outcome = await api.call<
      SlackBody & { messages?: { total?: number; paging?: { page?: number; pages?: number }; matches?: SlackMatch[] } }
    >(context, "/search.messages", {
      query: {
        query: str(input.query),
        count: num(input.count) ?? 20,
        page: num(input.page) ?? 1,
        sort: str(input.sort) ?? "score",
        sort_dir: str(input.sortDir) ?? "desc",
      },
    });
    if (!outcome.ok) return outcome.result;
    const found = outcome.body.messages ?? {};
    return succeeded({
      total: found.total ?? 0,
      page: found.paging?.page ?? 1,
      pageCount: found.paging?.pages ?? 0,
      messages: (found.matches ?? []).map((match) => ({
        ts: match.ts,
        text: match.text ?? "",
        user: match.user ?? null,
        username: match.username ?? null,
        channel: { id: match.channel?.id ?? null, name: match.channel?.name ?? null },
        permalink: match.permalink ?? null,
      })),
    });
  },
};

// --- post_message ----------------------------------------------------------------------------

const postMessage: SaasTool = {
  toolKey: "post_message",
  texts: {
    en: {
      displayName: "Post message",
      description: "Posts a message to a Slack channel (or as a thread reply) as the connected user.",
    },
    de: {
      displayName: "Nachricht senden",
      description:
        "Sendet als verbundene Person eine Nachricht in einen Slack-Kanal (oder als Antwort in einem Thread).",
    },
    fr: {
      displayName: "Publier un message",
      description:
        "Publie un message dans un canal Slack (ou en réponse dans un fil) au nom de l'utilisateur connecté.",
    },
    es: {
      displayName: "Publicar mensaje",
      description:
        "Publica un mensaje en un canal de Slack (o como respuesta en un hilo) en nombre del usuario conectado.",
    },
    ja: {
      displayName: "メッセージを投稿",
      description: "接続したユーザーとして Slack チャンネルにメッセージ（またはスレッドへの返信）を投稿します。",
    },
  },
  inputSchema: closed({
    channel: channelId,
    // chat.postMessage truncates text over 40,000 characters; refuse instead of truncating.
    text: { type: "string", minLength: 1, maxLength: 40000 },
    threadTs: optional(slackTs),
  }),
  outputSchema: {
    type: "object",
    required: ["channel", "ts", "text"],
    properties: { channel: { type: "string" }, ts: { type: "string" }, text: { type: "string" } },
  },
  requiresApproval: true,
  // chat.postMessage: about one message per second per channel (special tier).
  rateLimitRpm: 60,
  async run(input, context) {
    // JSON.stringify leaves the undefined thread_ts out.
    const outcome = await api.call<SlackBody & { channel?: string; ts?: string; message?: { text?: string } }>(
      context,
      "/chat.postMessage",
      { method: "POST", json: { channel: str(input.channel), text: str(input.text), thread_ts: str(input.threadTs) } },
    );
    if (!outcome.ok) return outcome.result;
    const body = outcome.body;
    if (!body.channel || !body.ts)
      throw new AdapterError("bad_response", "Slack confirmed the message without its channel and ts");
    return succeeded({ channel: body.channel, ts: body.ts, text: body.message?.text ?? str(input.text) ?? "" });
  },
};

// --- tokens ----------------------------------------------------------------------------------

/** Slack's token errors that mean the grant is gone (oauth.v2.access, HTTP 200 with ok:false). */
const SLACK_DEAD_GRANTS = new Set([
  "invalid_code",
  "invalid_grant",
  "invalid_refresh_token",
  "code_already_used",
  "token_revoked",
  "bad_redirect_uri",
  "oauth_authorization_url_mismatch",
]);

/**
 * oauth.v2.access answers HTTP 200 with `{ok:false,error}` on failure. With user scopes only, the
 * user token sits in `authed_user` (the top-level `access_token` would be a bot token); a refresh
 * of a rotating user token answers it at the top level with `token_type: "user"`.
 */
export const readSlackTokens: TokenReader = async (response, now = new Date()) => {
  if (!response.ok) return readStandardTokens(response, now);
  let body: { ok?: boolean; error?: string; authed_user?: Record<string, unknown> } & Record<string, unknown>;
  try {
    body = await response.json();
  } catch {
    throw new OAuthTokenError("transient", "Slack's token endpoint answered something that is not JSON");
  }
  if (body.ok !== true) {
    const error = typeof body.error === "string" ? body.error : "unknown_error";
    throw new OAuthTokenError(
      SLACK_DEAD_GRANTS.has(error) ? "invalid_grant" : "transient",
      `Slack refused the grant: ${error}`,
    );
  }
  const user = body.authed_user;
  const fields = user && typeof user.access_token === "string" ? user : body;
  return readStandardTokens(new Response(JSON.stringify(fields), { status: 200 }), now);
};

export const slackConnector = defineSaasConnector({
  key: "slack",
  catalogue: {
    category: "communication",
    displayName: same("Slack"),
    description: {
      en: "Read channels and messages and post to Slack.",
      de: "Kanäle und Nachrichten lesen und in Slack posten.",
      fr: "Lire les canaux et messages et publier sur Slack.",
      es: "Leer canales y mensajes y publicar en Slack.",
      ja: "Slack のチャンネルとメッセージを読み取り、投稿します。",
    },
  },
  oauth: {
    authorizeUrl: "https://slack.com/oauth/v2/authorize",
    tokenUrl: "https://slack.com/api/oauth.v2.access",
    scopes: SLACK_USER_SCOPES,
    scopeSeparator: ",",
    // oauth.v2.access takes `code_verifier` (PKCE); Slack recommends HTTP Basic for the client.
    pkce: true,
    tokenAuth: "client_secret_basic",
    tokenBody: "form",
    // Scopes go in `user_scope` (not `scope`, which would ask for a bot token).
    scopeParam: "user_scope",
    readTokens: readSlackTokens,
  },
  http: api,
  health: {
    path: "/auth.test",
    request: { method: "POST", json: {} },
    describe: (auth: { team?: string; user?: string }) =>
      `Connected to Slack workspace ${auth.team ?? "?"} as ${auth.user ?? "?"}`,
  },
  tools: [listChannels, readChannelHistory, searchMessages, postMessage],
});
