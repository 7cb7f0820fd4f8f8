import type { DomainAccess } from "../helpers/access-suite";
import type { TestUser } from "../helpers/api";
import { png, upload } from "./helpers";

const V1 = "/api/v1";

/** Another user's upload. */
const item = async (owner: TestUser) => ({ params: { id: (await upload(owner, png(1, 1), "image/png")).id } });

/** Uploads: what the AI endpoints admit (the `ai` entitlement; OAuth tokens with `execution:run`). */
export const filesAccess: DomainAccess = {
  prefix: `${V1}/files`,
  entitlement: "ai",
  oauthScope: "execution:run",
  foreign: { [`${V1}/files/{id}`]: item },
};

/**
 * Media bytes: the owner with a token the AI endpoints admit, or a signed URL's holder; everyone
 * else gets 404, with or without a token (a bad, expired or under-scoped token, a plan without
 * `ai`), for existing and unknown ids alike (CONTRACT "Media").
 */
export const mediaAccess: DomainAccess = {
  prefix: `${V1}/media`,
  entitlement: "ai",
  oauthScope: "execution:run",
  foreign: { [`${V1}/media/{id}`]: item },
  refusedAsNotFound: [`GET ${V1}/media/{id}`],
};
