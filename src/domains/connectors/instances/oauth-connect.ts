import { ApiError } from "../../../lib/errors";
import type { Ctx } from "../../identity";
import { beginOAuth, providerUnavailable } from "../secrets";
import { openInstance } from "./access";

/**
 * `POST .../oauth/initiate`: the instance is opened (manage) and must be usable with an OAuth
 * connector; the handoff itself (state, PKCE, the authorization URL) sits behind the secrets door.
 */
export async function initiateOAuth(ctx: Ctx, instanceId: string, origin: string) {
  const resolved = await openInstance(ctx, instanceId, "manage");
  const { instance } = resolved.record;
  if (!instance.enabled) throw new ApiError("CONNECTOR_ERROR", "This connector instance is disabled");
  if (!resolved.definition) throw new ApiError("CONNECTOR_ERROR", "The connector of this instance is not available");
  if (resolved.definition.authType !== "oauth2")
    throw new ApiError("CONNECTOR_ERROR", "This connector does not use OAuth; store its credentials instead");
  if (!resolved.definition.isActive) throw providerUnavailable();
  return beginOAuth(ctx, instance, origin);
}
