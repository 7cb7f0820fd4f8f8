// The identity domain's public face: what other domains and the hosts may use. The schemas other
// domains' routes compose are its second door, shared-schemas.ts: apart, so that a group whose
// routes validate without zod (the OAuth token endpoint) never loads it (docs/performance.md).
export { loadCaller, type AuthContext, type AuthUser, type Plan, type Role } from "./caller";
export { checkCredentials, createUser, workspacesOf } from "./service";
export { findAccount, planChange } from "./plans";
export { passwordRecoveryUrl } from "./account-links";
export {
  ctxOf,
  isManagerRole,
  managersOnly,
  managesWorkspace,
  MANAGER_ROLES,
  PERMISSION_EXTENSION,
  requestCtxOf,
  viewerCtxOf,
  type Ctx,
  type RequestCtx,
  type ViewerCtx,
} from "./context";
export { identityCron } from "./cron";
