// The floor of `npm run bench:startup`: a Hono Worker with one route, the smallest useful Worker
// on this stack, so the API's startup CPU reads as a ratio of what any Hono Worker pays.
import { Hono } from "hono";

export default new Hono().get("/", (c) => c.json({ ok: true }));
