import type { Context } from "hono";
import type { AppEnv } from "../env";
import { issuerFor } from "../lib/origin";
import type { TokenSigner } from "../lib/tokens";

/** The issuer is `ISSUER` when configured, otherwise the origin the request reached. */
export const issuerOf = (c: Context<AppEnv>): string => issuerFor(c.env.ISSUER, c.req.url);

/** The signer of this request: the deployment's key, and the issuer this request was addressed to. */
export const signerOf = (c: Context<AppEnv>): TokenSigner => ({ secret: c.env.JWT_SECRET, issuer: issuerOf(c) });

/** The client's address as Cloudflare reports it (`unknown` off the edge, e.g. in some tests). */
export const clientIp = (c: Context<AppEnv>) => c.req.header("CF-Connecting-IP") ?? "unknown";
