// One page of the incident feed as its JSON body: written into KV at publish (entries.ts, the first
// page) and cut from the whole feed by `GET /status/incidents` for the others. A module of its own
// so the public JSON's router loads none of the page, badge and feed renderers entries.ts imports
// (docs/performance.md "A cold request").

/** Offset page metadata of the incident feed (no request id: the body must be the same for everyone). */
const feedMeta = (total: number, limit: number, offset: number) => ({
  total,
  limit,
  offset,
  hasNextPage: offset + limit < total,
});

/** The body of incidents `offset` to `offset + limit`, with the page's meta. */
export const feedPageBody = (incidents: unknown[], offset: number, limit: number) =>
  JSON.stringify({ data: incidents.slice(offset, offset + limit), meta: feedMeta(incidents.length, limit, offset) });
