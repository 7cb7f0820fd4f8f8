// The identity domain's public face: what other domains and the hosts may use.
export { loadCaller, type AuthContext, type AuthUser, type Plan, type Role } from "./caller";
export { checkCredentials, createUser, workspacesOf } from "./service";
export { ENTITLEMENT_PATTERN, sharedIdentitySchemas } from "./shared-schemas";
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
