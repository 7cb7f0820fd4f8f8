import { z } from "@hono/zod-openapi";

/** An HTML answer in the OpenAPI document. */
export const htmlPage = (description: string) => ({ content: { "text/html": { schema: z.string() } }, description });

/** A form-urlencoded request body: what browser forms post (and OAuth's token and revoke endpoints take). */
export const formBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/x-www-form-urlencoded": { schema } },
  required: true,
});
