import { z } from "@hono/zod-openapi";
import { isoDate } from "../../http/openapi";
import { GRANT_TYPES, redirectUriProblem, SCOPES } from "../oauth";

/** Generous for real callback URLs, small enough to keep client rows and comparisons cheap. */
const MAX_REDIRECT_URI_LENGTH = 2000;
const MAX_REDIRECT_URIS = 10;

const redirectUri = z
  .string()
  .max(MAX_REDIRECT_URI_LENGTH)
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const unique = <T>(list: T[]) => new Set(list).size === list.length;

export const createClientBody = z
  .strictObject({
    clientName: z.string().trim().min(1).max(100),
    clientType: z.enum(["confidential", "public"]).default("confidential"),
    redirectUris: z.array(redirectUri).min(1).max(MAX_REDIRECT_URIS).refine(unique, "must not repeat a URI"),
    // A client gets its first tokens with the code grant, so it needs that one. `refresh_token` is
    // optional: the spec's token endpoint still answers every grant with a refresh token, which a
    // client registered without that grant simply never redeems (docs/oauth.md).
    grantTypes: z
      .array(z.enum(GRANT_TYPES))
      .refine(unique, "must not repeat a grant type")
      .refine((types) => types.includes("authorization_code"), "must contain authorization_code"),
    allowedScopes: z.array(z.enum(SCOPES)).min(1).refine(unique, "must not repeat a scope"),
  })
  .openapi("CreateOAuthClientRequest", {
    example: {
      clientName: "Acme Planner",
      clientType: "confidential",
      redirectUris: ["https://acme.example.com/callback"],
      grantTypes: ["authorization_code", "refresh_token"],
      allowedScopes: ["email:read", "profile:read", "execution:run"],
    },
  });

export type CreateClientInput = z.output<typeof createClientBody>;

export const oauthClientSchema = z
  .object({
    clientId: z.uuid(),
    clientSecret: z.string().optional().openapi({ description: "Confidential clients only; shown once" }),
    clientName: z.string(),
    clientType: z.enum(["confidential", "public"]),
    redirectUris: z.array(z.string()),
    grantTypes: z.array(z.enum(GRANT_TYPES)),
    allowedScopes: z.array(z.enum(SCOPES)),
    tokenEndpointAuthMethod: z.enum(["client_secret_basic", "none"]),
    createdAt: isoDate(),
  })
  .openapi("OAuthClient");
