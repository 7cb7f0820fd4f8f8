import { z } from "@hono/zod-openapi";
import { sharedIdentitySchemas } from "./shared-schemas";

const { email, name, newUserInput, passwordSchema, planSchema, userSchema, username, workspaceRoleSchema } =
  sharedIdentitySchemas();

export { email, newUserInput, passwordSchema, planSchema, userSchema, workspaceRoleSchema };
export { ENTITLEMENT_PATTERN, type NewUserInput } from "./shared-schemas";

export const registerBody = z
  .strictObject({ email, password: passwordSchema, name: name.optional(), username: username.optional() })
  .openapi("RegisterRequest", {
    example: { email: "ada@example.com", password: "a-long-password", name: "Ada Lovelace", username: "ada" },
  });

export const loginBody = z
  .strictObject({ email, password: z.string().min(1).max(200) })
  .openapi("LoginRequest", { example: { email: "ada@example.com", password: "a-long-password" } });

export const refreshTokenBody = z
  .strictObject({ refreshToken: z.string().min(1).max(512) })
  .openapi("RefreshTokenRequest", { example: { refreshToken: "rt_3q2x…" } });

export const authResultSchema = z
  .object({
    user: userSchema,
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.number().int(),
  })
  .openapi("AuthResult");

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

const sent = (description: string) => z.object({ sent: z.literal(true) }).openapi({ description });

export const emailBody = z.strictObject({ email }).openapi("EmailRequest", { example: { email: "ada@example.com" } });
export const sentSchema = sent("Always true: the answer is the same whether or not the address has an account");

export const confirmEmailBody = z
  .strictObject({ token: z.string().min(1).max(512) })
  .openapi("ConfirmEmailRequest", { example: { token: "ect_N2f…" } });
export const userResultSchema = z.object({ user: userSchema }).openapi("UserResult");

/** Six digits exactly; leading zeros count. */
export const recoveryCode = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, "must be 6 digits");
export const exchangeRecoveryCodeBody = z
  .strictObject({ email, code: recoveryCode })
  .openapi("ExchangeRecoveryCodeRequest", { example: { email: "ada@example.com", code: "042917" } });
export const resetTokenSchema = z.object({ resetToken: z.string(), expiresIn: z.number().int() }).openapi("ResetToken");

export const resetPasswordBody = z
  .strictObject({ resetToken: z.string().min(1).max(512), password: passwordSchema })
  .openapi("ResetPasswordRequest", { example: { resetToken: "prt_8Kd…", password: "a-new-long-password" } });
export const resetResultSchema = z.object({ reset: z.literal(true) });

export const usernameQuery = z.object({ username });
export const usernameAvailabilitySchema = z
  .object({ username: z.string(), available: z.boolean() })
  .openapi("UsernameAvailability");
export const claimUsernameBody = z
  .strictObject({ username })
  .openapi("ClaimUsernameRequest", { example: { username: "ada_l" } });

export const changeEmailBody = z
  .strictObject({ email, password: z.string().min(1).max(200) })
  .openapi("ChangeEmailRequest", { example: { email: "ada@new.example.com", password: "a-long-password" } });
export const changeEmailResultSchema = z.object({ pending: z.literal(true), email: z.string() });

export const changePasswordBody = z
  .strictObject({ currentPassword: z.string().min(1).max(200), password: passwordSchema })
  .openapi("ChangePasswordRequest", {
    example: { currentPassword: "a-long-password", password: "a-new-long-password" },
  });
export const changedSchema = z.object({ changed: z.literal(true) });
