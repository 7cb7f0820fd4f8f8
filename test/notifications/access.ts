import type { DomainAccess } from "../helpers/access-suite";
import { send } from "./helpers";

/** Notifications: another user's notification is 403 (CONTRACT), not 404. */
export const notificationsAccess: DomainAccess = {
  prefix: "/api/v1/notifications",
  foreign: {
    "/api/v1/notifications/{id}/read": async (owner) => ({ params: { id: (await send(owner.id)).id }, status: 403 }),
    "/api/v1/notifications/{id}/archive": async (owner) => ({ params: { id: (await send(owner.id)).id }, status: 403 }),
  },
};
