import { LinearRouter } from "hono/router/linear-router";

/**
 * The router of a group's app (app.ts), which holds every route of the group. Hono's default
 * (RegExpRouter, through SmartRouter) compiles all routes into one matcher on the first request, a
 * cold request's cost (~1-2 ms of a cold status request's profile); LinearRouter adds a route as it
 * is and tries them in order, which for a group's few dozen routes costs microseconds per request
 * (docs/performance.md "A cold request"). It refuses a path with both a parameter and a wildcard
 * (`/:id/*`), which no route or middleware here has (test/platform/group-router.test.ts). No zod here: a group whose routes
 * validate without it (the OAuth endpoints) never loads it.
 */
export const groupRouter = <T>() => new LinearRouter<T>();
