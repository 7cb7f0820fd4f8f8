import { z } from "@hono/zod-openapi";
import { builtOnce } from "../../http/openapi";
import { EFFORT_MODES } from "./models";

// The body of `POST /ai/sessions`, apart from schemas.ts: the sessions list's own router group
// (session-list-routes.ts) loads this, not every AI route's query and body schemas.

const MAX_TITLE_CHARS = 200;

export const createSessionBody = builtOnce(() =>
  z
    .strictObject({
      title: z.string().trim().min(1).max(MAX_TITLE_CHARS).optional(),
      personaId: z.uuid().optional(),
      effortMode: z.enum(EFFORT_MODES).optional(),
    })
    .openapi("CreateAiSessionRequest", { example: { title: "Trip planning", effortMode: "basic" } }),
);
