import { BASE_PATH } from "../../lib/origin";

/**
 * Where e-mail links land: the web app's pages when `WEB_APP_URL` is set, else the small pages
 * this API serves under `/api/v1/account` (account-pages.tsx).
 */
export interface AccountLinks {
  confirmEmail(token: string): string;
  resetPassword(email: string): string;
}

export const ACCOUNT_PAGES_BASE = `${BASE_PATH}/account`;

export function accountLinks(webAppUrl: string | undefined, apiOrigin: string): AccountLinks {
  const base = webAppUrl?.trim() ? webAppUrl.trim().replace(/\/+$/, "") : `${apiOrigin}${ACCOUNT_PAGES_BASE}`;
  return {
    confirmEmail: (token) => `${base}/confirm-email?token=${encodeURIComponent(token)}`,
    resetPassword: (email) => `${base}/reset-password?email=${encodeURIComponent(email)}`,
  };
}

/** Where a person who forgot their password starts: linked from the OAuth sign-in page. */
export const passwordRecoveryUrl = (webAppUrl: string | undefined) =>
  webAppUrl?.trim()
    ? `${webAppUrl.trim().replace(/\/+$/, "")}/forgot-password`
    : `${ACCOUNT_PAGES_BASE}/forgot-password`;
