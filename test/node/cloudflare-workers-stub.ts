// Node has no `cloudflare:workers`; generating the OpenAPI document only needs the route
// declarations, so the runtime classes are inert stand-ins here.
export class DurableObject {}
export class WorkerEntrypoint {}
export const env = {};
