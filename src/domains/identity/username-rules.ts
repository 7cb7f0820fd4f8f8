// The username rules, free of imports so schemas and services can share them.

/** CONTRACT: lower-case letters, digits and underscores, 3 to 30 of them. */
export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;

/**
 * Names nobody may claim: they impersonate the service or its staff, or collide with paths and
 * words a web app is likely to route (`/admin`, `/settings`, ...).
 */
const RESERVED_USERNAMES = new Set([
  "admin",
  "administrator",
  "root",
  "system",
  "sysadmin",
  "superuser",
  "staff",
  "support",
  "help",
  "helpdesk",
  "security",
  "abuse",
  "postmaster",
  "hostmaster",
  "webmaster",
  "noreply",
  "no_reply",
  "mailer_daemon",
  "billing",
  "payments",
  "sales",
  "legal",
  "privacy",
  "info",
  "contact",
  "team",
  "official",
  "moderator",
  "mod",
  "api",
  "oauth",
  "auth",
  "login",
  "logout",
  "signin",
  "signup",
  "register",
  "account",
  "accounts",
  "settings",
  "me",
  "user",
  "users",
  "null",
  "undefined",
  "anonymous",
  "everyone",
  "here",
  "status",
  "www",
  "app",
  "platform",
]);

export const isReservedUsername = (username: string) => RESERVED_USERNAMES.has(username);
