import { same } from "../catalogue-types";
import { num, shortMessage, str, succeeded } from "../provider-http";
import type { SaasTool } from "./adapter";
import { saasHttp } from "./api";
import { defineSaasConnector } from "./define";
import { closed, nullableString, optional } from "./schema";

/**
 * Notion (API v1, https://developers.notion.com/reference), pinned to one `Notion-Version` so
 * response shapes do not change under us. A public integration's token acts as its bot within
 * the pages the user shared during the OAuth consent.
 */
export const NOTION_VERSION = "2022-06-28";

/** Notion's limit is an average of three requests per second per integration. */
const NOTION_RPM = 180;

interface NotionError {
  object?: string;
  status?: number;
  code?: string;
  message?: string;
}

const notionError = (body: unknown, status: number) => {
  const error = body as NotionError | null;
  return error?.code ? shortMessage(`${error.code}: ${error.message ?? ""}`, `HTTP ${status}`) : `HTTP ${status}`;
};

const api = saasHttp({
  name: "Notion",
  baseUrl: "https://api.notion.com/v1",
  headers: { "Notion-Version": NOTION_VERSION, Accept: "application/json" },
  errorOf: notionError,
});

const notionId = {
  type: "string",
  pattern: "^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$",
  description: "A Notion id (UUID, with or without dashes)",
};
const cursor = { type: "string", minLength: 1, maxLength: 200 };

interface RichText {
  plain_text?: string;
}

interface NotionObject {
  object: string;
  id: string;
  url?: string;
  created_time?: string;
  last_edited_time?: string;
  archived?: boolean;
  in_trash?: boolean;
  parent?: { type?: string; page_id?: string; database_id?: string; workspace?: boolean; block_id?: string };
  properties?: Record<string, { type?: string; title?: RichText[] }>;
  title?: RichText[];
}

const plain = (texts: RichText[] | undefined) => (texts ?? []).map((text) => text.plain_text ?? "").join("");

/** A page's title lives in its one property of type `title` (whatever it is named); a database's in `title`. */
function titleOf(object: NotionObject): string {
  if (object.object === "database") return plain(object.title);
  const property = Object.values(object.properties ?? {}).find((value) => value.type === "title");
  return plain(property?.title);
}

const parentOf = (object: NotionObject) => {
  const parent = object.parent ?? {};
  return { type: parent.type ?? null, id: parent.page_id ?? parent.database_id ?? parent.block_id ?? null };
};

const summarySchema = {
  type: "object",
  required: ["object", "id", "title", "url", "lastEditedTime"],
  properties: {
    object: { enum: ["page", "database"] },
    id: { type: "string" },
    title: { type: "string" },
    url: nullableString,
    lastEditedTime: nullableString,
  },
};

const summary = (object: NotionObject) => ({
  object: object.object,
  id: object.id,
  title: titleOf(object),
  url: object.url ?? null,
  lastEditedTime: object.last_edited_time ?? null,
});

const search: SaasTool = {
  toolKey: "search",
  texts: {
    en: {
      displayName: "Search",
      description: "Searches the Notion pages and databases shared with the connection by title.",
    },
    de: {
      displayName: "Suchen",
      description: "Durchsucht die mit der Verbindung geteilten Notion-Seiten und -Datenbanken nach Titel.",
    },
    fr: {
      displayName: "Rechercher",
      description: "Recherche par titre dans les pages et bases de données Notion partagées avec la connexion.",
    },
    es: {
      displayName: "Buscar",
      description: "Busca por título en las páginas y bases de datos de Notion compartidas con la conexión.",
    },
    ja: { displayName: "検索", description: "接続に共有された Notion のページとデータベースをタイトルで検索します。" },
  },
  inputSchema: closed({
    query: optional({ type: "string", maxLength: 500 }),
    filter: optional({ enum: ["page", "database"] }),
    pageSize: optional({ type: "integer", minimum: 1, maximum: 100, default: 20 }),
    startCursor: optional(cursor),
  }),
  outputSchema: {
    type: "object",
    required: ["results", "nextCursor", "hasMore"],
    properties: {
      results: { type: "array", items: summarySchema },
      nextCursor: nullableString,
      hasMore: { type: "boolean" },
    },
  },
  requiresApproval: false,
  rateLimitRpm: NOTION_RPM,
  async run(input, context) {
    const body: Record<string, unknown> = { page_size: num(input.pageSize) ?? 20 };
    if (str(input.query)) body.query = str(input.query);
    if (str(input.filter)) body.filter = { property: "object", value: str(input.filter) };
    if (str(input.startCursor)) body.start_cursor = str(input.startCursor);
    const outcome = await api.call<{ results?: NotionObject[]; next_cursor?: string | null; has_more?: boolean }>(
      context,
      "/search",
      { method: "POST", json: body },
    );
    if (!outcome.ok) return outcome.result;
    return succeeded({
      results: (outcome.body.results ?? []).map(summary),
      nextCursor: outcome.body.next_cursor ?? null,
      hasMore: outcome.body.has_more === true,
    });
  },
};

/** Blocks whose text is a `rich_text` array (the readable ones). */
const TEXT_BLOCKS = new Set([
  "paragraph",
  "heading_1",
  "heading_2",
  "heading_3",
  "bulleted_list_item",
  "numbered_list_item",
  "to_do",
  "toggle",
  "quote",
  "callout",
  "code",
]);

interface NotionBlock {
  id: string;
  type: string;
  has_children?: boolean;
  [type: string]: unknown;
}

const blockOut = (block: NotionBlock) => {
  const content = block[block.type] as { rich_text?: RichText[]; checked?: boolean } | undefined;
  return {
    id: block.id,
    type: block.type,
    text: TEXT_BLOCKS.has(block.type) ? plain(content?.rich_text) : "",
    hasChildren: block.has_children === true,
  };
};

/** One page of top-level blocks: enough to read a page; deeper trees are for a later tool. */
const CONTENT_BLOCKS = 100;

const getPage: SaasTool = {
  toolKey: "get_page",
  texts: {
    en: {
      displayName: "Get page",
      description: "Reads a Notion page: title, properties and the text of its top-level blocks.",
    },
    de: {
      displayName: "Seite abrufen",
      description: "Liest eine Notion-Seite: Titel, Eigenschaften und den Text ihrer obersten Blöcke.",
    },
    fr: {
      displayName: "Obtenir une page",
      description: "Lit une page Notion : titre, propriétés et texte de ses blocs de premier niveau.",
    },
    es: {
      displayName: "Obtener página",
      description: "Lee una página de Notion: título, propiedades y el texto de sus bloques de primer nivel.",
    },
    ja: {
      displayName: "ページを取得",
      description: "Notion のページ（タイトル、プロパティ、最上位ブロックのテキスト）を読み取ります。",
    },
  },
  inputSchema: closed({ pageId: notionId, includeContent: optional({ type: "boolean", default: true }) }),
  outputSchema: {
    type: "object",
    required: [
      "id",
      "title",
      "url",
      "createdTime",
      "lastEditedTime",
      "archived",
      "parent",
      "properties",
      "content",
      "contentHasMore",
    ],
    properties: {
      id: { type: "string" },
      title: { type: "string" },
      url: nullableString,
      createdTime: nullableString,
      lastEditedTime: nullableString,
      archived: { type: "boolean" },
      parent: { type: "object", required: ["type", "id"], properties: { type: nullableString, id: nullableString } },
      properties: { type: "object", description: "Notion property values as the API returns them" },
      content: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "type", "text", "hasChildren"],
          properties: {
            id: { type: "string" },
            type: { type: "string" },
            text: { type: "string" },
            hasChildren: { type: "boolean" },
          },
        },
      },
      contentHasMore: { type: "boolean" },
    },
  },
  requiresApproval: false,
  // Two requests per call (page, then its blocks).
  rateLimitRpm: NOTION_RPM / 2,
  async run(input, context) {
    const id = encodeURIComponent(str(input.pageId) ?? "");
    const page = await api.call<NotionObject>(context, `/pages/${id}`);
    if (!page.ok) return page.result;
    let content: ReturnType<typeof blockOut>[] = [];
    let contentHasMore = false;
    if (input.includeContent !== false) {
      const blocks = await api.call<{ results?: NotionBlock[]; has_more?: boolean }>(
        context,
        `/blocks/${id}/children`,
        {
          query: { page_size: CONTENT_BLOCKS },
        },
      );
      if (!blocks.ok) return blocks.result;
      content = (blocks.body.results ?? []).map(blockOut);
      contentHasMore = blocks.body.has_more === true;
    }
    const object = page.body;
    return succeeded({
      id: object.id,
      title: titleOf(object),
      url: object.url ?? null,
      createdTime: object.created_time ?? null,
      lastEditedTime: object.last_edited_time ?? null,
      archived: object.archived === true || object.in_trash === true,
      parent: parentOf(object),
      properties: object.properties ?? {},
      content,
      contentHasMore,
    });
  },
};

const queryDatabase: SaasTool = {
  toolKey: "query_database",
  texts: {
    en: {
      displayName: "Query database",
      description: "Lists the entries of a Notion database, with Notion's filter and sort objects.",
    },
    de: {
      displayName: "Datenbank abfragen",
      description: "Listet die Einträge einer Notion-Datenbank auf, mit Notions Filter- und Sortierobjekten.",
    },
    fr: {
      displayName: "Interroger une base",
      description: "Liste les entrées d'une base de données Notion, avec les objets de filtre et de tri de Notion.",
    },
    es: {
      displayName: "Consultar base de datos",
      description: "Enumera las entradas de una base de datos de Notion, con los objetos de filtro y orden de Notion.",
    },
    ja: {
      displayName: "データベースを照会",
      description: "Notion のフィルター・並べ替えオブジェクトを使ってデータベースの項目を一覧表示します。",
    },
  },
  inputSchema: closed({
    databaseId: notionId,
    filter: optional({ type: "object", description: "A Notion database filter object" }),
    sorts: optional({ type: "array", maxItems: 10, items: { type: "object" } }),
    pageSize: optional({ type: "integer", minimum: 1, maximum: 100, default: 20 }),
    startCursor: optional(cursor),
  }),
  outputSchema: {
    type: "object",
    required: ["results", "nextCursor", "hasMore"],
    properties: {
      results: {
        type: "array",
        items: {
          type: "object",
          required: ["id", "title", "url", "lastEditedTime", "properties"],
          properties: {
            id: { type: "string" },
            title: { type: "string" },
            url: nullableString,
            lastEditedTime: nullableString,
            properties: { type: "object" },
          },
        },
      },
      nextCursor: nullableString,
      hasMore: { type: "boolean" },
    },
  },
  requiresApproval: false,
  rateLimitRpm: NOTION_RPM,
  async run(input, context) {
    const body: Record<string, unknown> = { page_size: num(input.pageSize) ?? 20 };
    if (input.filter) body.filter = input.filter;
    if (input.sorts) body.sorts = input.sorts;
    if (str(input.startCursor)) body.start_cursor = str(input.startCursor);
    const path = `/databases/${encodeURIComponent(str(input.databaseId) ?? "")}/query`;
    const outcome = await api.call<{ results?: NotionObject[]; next_cursor?: string | null; has_more?: boolean }>(
      context,
      path,
      { method: "POST", json: body },
    );
    if (!outcome.ok) return outcome.result;
    return succeeded({
      results: (outcome.body.results ?? []).map((page) => ({
        id: page.id,
        title: titleOf(page),
        url: page.url ?? null,
        lastEditedTime: page.last_edited_time ?? null,
        properties: page.properties ?? {},
      })),
      nextCursor: outcome.body.next_cursor ?? null,
      hasMore: outcome.body.has_more === true,
    });
  },
};

/** Notion caps one rich text's content at 2,000 characters and a request at 100 child blocks. */
const RICH_TEXT_CHARS = 2000;
const MAX_CHILDREN = 100;

function paragraphs(content: string) {
  const blocks = [];
  for (const paragraph of content
    .split(/\n{2,}/)
    .map((text) => text.trim())
    .filter(Boolean)) {
    const rich = [];
    for (let i = 0; i < paragraph.length; i += RICH_TEXT_CHARS)
      rich.push({ type: "text", text: { content: paragraph.slice(i, i + RICH_TEXT_CHARS) } });
    blocks.push({ object: "block", type: "paragraph", paragraph: { rich_text: rich } });
  }
  return blocks;
}

const createPage: SaasTool = {
  toolKey: "create_page",
  texts: {
    en: {
      displayName: "Create page",
      description: "Creates a Notion page under a page or as a database entry, with a title and text paragraphs.",
    },
    de: {
      displayName: "Seite erstellen",
      description:
        "Erstellt eine Notion-Seite unter einer Seite oder als Datenbankeintrag, mit Titel und Textabsätzen.",
    },
    fr: {
      displayName: "Créer une page",
      description:
        "Crée une page Notion sous une page ou comme entrée de base de données, avec un titre et des paragraphes.",
    },
    es: {
      displayName: "Crear página",
      description:
        "Crea una página de Notion bajo una página o como entrada de una base de datos, con título y párrafos de texto.",
    },
    ja: {
      displayName: "ページを作成",
      description: "ページの下またはデータベースの項目として、タイトルと段落付きの Notion ページを作成します。",
    },
  },
  inputSchema: closed(
    {
      parentPageId: optional(notionId),
      parentDatabaseId: optional(notionId),
      title: { type: "string", minLength: 1, maxLength: RICH_TEXT_CHARS },
      titleProperty: optional({
        type: "string",
        minLength: 1,
        maxLength: 100,
        default: "Name",
        description: "The database's title property (database parents only)",
      }),
      content: optional({
        type: "string",
        maxLength: MAX_CHILDREN * RICH_TEXT_CHARS,
        description: "Plain text; blank lines separate paragraphs",
      }),
      properties: optional({
        type: "object",
        description: "Further Notion property values (database parents only)",
      }),
    },
    // Exactly one parent: a page, or a database the page becomes an entry of.
    { oneOf: [{ required: ["parentPageId"] }, { required: ["parentDatabaseId"] }] },
  ),
  outputSchema: {
    type: "object",
    required: ["id", "url"],
    properties: { id: { type: "string" }, url: nullableString },
  },
  requiresApproval: true,
  rateLimitRpm: NOTION_RPM,
  async run(input, context) {
    const database = str(input.parentDatabaseId);
    const titleKey = database ? (str(input.titleProperty) ?? "Name") : "title";
    const body: Record<string, unknown> = {
      parent: database ? { database_id: database } : { page_id: str(input.parentPageId) },
      properties: {
        ...(database ? (input.properties as Record<string, unknown> | undefined) : {}),
        [titleKey]: { title: [{ type: "text", text: { content: str(input.title) } }] },
      },
    };
    const children = paragraphs(str(input.content) ?? "").slice(0, MAX_CHILDREN);
    if (children.length) body.children = children;
    const outcome = await api.call<NotionObject>(context, "/pages", { method: "POST", json: body });
    if (!outcome.ok) return outcome.result;
    return succeeded({ id: outcome.body.id, url: outcome.body.url ?? null });
  },
};

export const notionConnector = defineSaasConnector({
  key: "notion",
  catalogue: {
    category: "productivity",
    displayName: same("Notion"),
    description: {
      en: "Search pages and databases and create pages in Notion.",
      de: "Seiten und Datenbanken in Notion durchsuchen und Seiten anlegen.",
      fr: "Rechercher des pages et bases de données et créer des pages dans Notion.",
      es: "Buscar páginas y bases de datos y crear páginas en Notion.",
      ja: "Notion のページとデータベースを検索し、ページを作成します。",
    },
  },
  // Token answers are RFC 6749 (`{error:"invalid_grant"}` with 400); no `expires_in`, refresh
  // tokens on recent integrations.
  oauth: {
    authorizeUrl: "https://api.notion.com/v1/oauth/authorize",
    tokenUrl: "https://api.notion.com/v1/oauth/token",
    // Notion has no OAuth scopes: capabilities are set on the integration, pages are picked at consent.
    scopes: [],
    scopeSeparator: " ",
    // Notion does not document PKCE for its authorization endpoint.
    pkce: false,
    tokenAuth: "client_secret_basic",
    tokenBody: "json",
    authorizeParams: { owner: "user" },
  },
  http: api,
  health: {
    path: "/users/me",
    describe: (me: { name?: string; bot?: { workspace_name?: string } }) =>
      `Connected to Notion workspace ${me.bot?.workspace_name ?? "?"} as ${me.name ?? "?"}`,
  },
  tools: [search, getPage, queryDatabase, createPage],
});
