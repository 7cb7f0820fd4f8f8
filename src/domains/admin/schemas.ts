import { z } from "@hono/zod-openapi";
import { isoDate } from "../../http/openapi";
import { ENTITLEMENT_PATTERN, sharedIdentitySchemas } from "../identity/shared-schemas";

const { newUserInput, planSchema } = sharedIdentitySchemas();

export const createUserBody = z.strictObject(newUserInput.shape).openapi("AdminCreateUserRequest", {
  example: { email: "grace@example.com", password: "a-long-password", name: "Grace Hopper", plan: "pro" },
});

export const PARTNER_SCOPES = ["partner:oauth-client-admin"] as const;

export const createPartnerKeyBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(z.enum(PARTNER_SCOPES)).min(1),
  })
  .openapi("CreatePartnerKeyRequest", { example: { name: "Acme", scopes: ["partner:oauth-client-admin"] } });

export const partnerKeySchema = z
  .object({ id: z.uuid(), name: z.string(), key: z.string(), scopes: z.array(z.string()), createdAt: isoDate() })
  .openapi("PartnerKey");

export const updateAccountBody = z
  .strictObject({
    plan: planSchema.optional(),
    entitlements: z
      .array(z.string().regex(ENTITLEMENT_PATTERN, "must be ai, connectors or provider:<key>"))
      .max(64)
      .optional(),
    aiDailyAllowance: z.number().int().min(0).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: "name at least one of plan, entitlements, aiDailyAllowance",
  })
  .openapi("UpdateAccountRequest", { example: { plan: "business", entitlements: ["ai", "connectors"] } });

export const accountSchema = z
  .object({
    id: z.uuid(),
    plan: planSchema,
    entitlements: z.array(z.string()),
    aiDailyAllowance: z.number().int().nullable(),
    createdAt: isoDate(),
  })
  .openapi("Account");
