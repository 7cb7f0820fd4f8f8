import { z } from "@hono/zod-openapi";
import { isoDate } from "../../http/openapi";

export const PLANS = ["free", "pro", "business"] as const;
export const planSchema = z.enum(PLANS);
export const ENTITLEMENT_PATTERN = /^(ai|connectors|provider:[a-z0-9][a-z0-9_-]{0,63})$/;

const email = z.email({ message: "must be an e-mail address" }).max(254).transform((v) => v.trim().toLowerCase());
export const passwordSchema = z.string().min(10, "must be at least 10 characters").max(200, "must be at most 200 characters");
const name = z.string().trim().min(1).max(100);
const username = z.string().regex(/^[a-z0-9_]{3,32}$/, "must be 3 to 32 lower-case letters, digits or underscores");

export const registerBody = z
  .strictObject({ email, password: passwordSchema, name: name.optional(), username: username.optional() })
  .openapi("RegisterRequest");

export const loginBody = z.strictObject({ email, password: z.string().min(1).max(200) }).openapi("LoginRequest");

export const refreshTokenBody = z.strictObject({ refreshToken: z.string().min(1).max(512) }).openapi("RefreshTokenRequest");

export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string().nullable(),
    username: z.string().nullable(),
    createdAt: isoDate(),
  })
  .openapi("User");

export const authResultSchema = z
  .object({
    user: userSchema,
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.number().int(),
  })
  .openapi("AuthResult");

export const workspaceRoleSchema = z.enum(["owner", "admin", "member"]);

export const meSchema = z
  .object({
    user: userSchema,
    workspaces: z.array(
      z.object({ id: z.uuid(), name: z.string(), kind: z.enum(["personal", "business"]), role: workspaceRoleSchema }),
    ),
    plan: planSchema,
    entitlements: z.array(z.string()),
  })
  .openapi("Me");

export const logoutResultSchema = z.object({ revoked: z.literal(true) });

export const newUserInput = z.object({
  email,
  password: passwordSchema,
  name: name.optional(),
  username: username.optional(),
  plan: planSchema.optional(),
});
export type NewUserInput = z.output<typeof newUserInput>;
