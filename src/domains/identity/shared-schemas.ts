import { z } from "@hono/zod-openapi";
import { builtOnce, isoDate } from "../../http/openapi";
import { USERNAME_PATTERN } from "./username-rules";

// The identity schemas other domains' routes compose (admin, workspaces), through this second door
// beside ./index.ts, and apart from those of identity's own routes (./schemas.ts): a router group
// that only takes the door's exports, as every authenticated one does (the auth middleware's
// `loadCaller`), loads no zod for them (the token endpoint's group loads none at all); and these few
// are built on first call, by the routers that use them (docs/performance.md "A cold request").

const PLANS = ["free", "pro", "business"] as const;
export const ENTITLEMENT_PATTERN = /^(ai|connectors|provider:[a-z0-9][a-z0-9_-]{0,63})$/;

/** Built on first call and kept (above: why). */
export const sharedIdentitySchemas = builtOnce(() => {
  const planSchema = z.enum(PLANS);

  const email = z
    .email()
    .max(254)
    .transform((v) => v.trim().toLowerCase());
  const passwordSchema = z.string().min(10).max(200);
  const name = z.string().trim().min(1).max(100);
  /** Compared case-insensitively: lower-cased before the format check (CONTRACT: ^[a-z0-9_]{3,30}$). */
  const username = z
    .string()
    .trim()
    .toLowerCase()
    .regex(USERNAME_PATTERN, "must be 3 to 30 letters, digits or underscores");

  const userSchema = z
    .object({
      id: z.uuid(),
      email: z.string(),
      emailVerified: z.boolean(),
      name: z.string().nullable(),
      username: z.string().nullable(),
      createdAt: isoDate(),
    })
    .openapi("User");

  const workspaceRoleSchema = z.enum(["owner", "admin", "member"]);

  const newUserInput = z.object({
    email,
    password: passwordSchema,
    name: name.optional(),
    username: username.optional(),
    plan: planSchema.optional(),
  });

  return { planSchema, email, passwordSchema, name, username, userSchema, workspaceRoleSchema, newUserInput };
});

export type NewUserInput = z.output<ReturnType<typeof sharedIdentitySchemas>["newUserInput"]>;
