// What other domains may use of the identity domain.
export { findAccount, planChange } from "./plans";
export { passwordRecoveryUrl } from "./account-links";
