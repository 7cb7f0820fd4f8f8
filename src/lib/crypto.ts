import { fromBase64, toBase64 } from "./bytes";

/**
 * Hashing, HMACs, random tokens and password hashing on WebCrypto (no Node crypto needed). The
 * synchronous HMAC in JavaScript, for the callers that cannot await, is ./hmac-sync.ts.
 */
const encoder = new TextEncoder();

/** Bytes as unpadded base64url (RFC 4648 §5). */
export const base64url = (bytes: Uint8Array): string =>
  toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** Base64url text, padded or not, as bytes (throws on characters outside the alphabet). */
export function fromBase64url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return fromBase64(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
}

const toHex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** An unguessable opaque token: 32 random bytes, base64url (256 bits of entropy). */
export function randomToken(prefix = ""): string {
  return prefix + base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Opaque tokens are stored only as their SHA-256; the token itself is never persisted. */
export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

export async function sha1Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-1", encoder.encode(value)));
}

/** Compares secrets without leaking where they differ (hashing first equalizes lengths). */
export async function timingSafeEqual(a: string, b: string): Promise<boolean> {
  const [ha, hb] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  return crypto.subtle.timingSafeEqual(ha, hb);
}

/**
 * HMAC-SHA256 keys, one per secret: importing a key costs more than the HMAC of a short message.
 * Secrets come from the deployment's configuration (JWT_SECRET, a provider's key, the Stripe webhook
 * secret), never from a request, so the map stays small; the bound only guards against a caller
 * that one day passes secrets of its own.
 */
const hmacKeys = new Map<string, Promise<CryptoKey>>();
const MAX_HMAC_KEYS = 32;

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= MAX_HMAC_KEYS) hmacKeys.clear();
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

/** A message as bytes: text as UTF-8. */
export const messageBytes = (message: string | Uint8Array) =>
  typeof message === "string" ? encoder.encode(message) : message;

/** HMAC-SHA256 of `message` (UTF-8 when text) keyed with `secret` (UTF-8): 32 bytes. */
export async function hmacSha256(secret: string, message: string | Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), messageBytes(message)));
}

/** Whether `mac` is the HMAC-SHA256 of `message` under `secret`; Web Crypto compares in constant time. */
export async function hmacSha256Matches(
  secret: string,
  message: string | Uint8Array,
  mac: Uint8Array,
): Promise<boolean> {
  return crypto.subtle.verify("HMAC", await hmacKey(secret), mac, messageBytes(message));
}

/**
 * PBKDF2-SHA256. 100,000 iterations is the most workerd's WebCrypto accepts; the count is stored
 * with each hash so it can be raised later without invalidating existing passwords.
 */
const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${base64url(salt)}$${base64url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, expected] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iterations || !salt || !expected) return false;
  const actual = await pbkdf2(password, fromBase64url(salt), Number(iterations));
  return crypto.subtle.timingSafeEqual(actual, fromBase64url(expected));
}

/** A hash of a password nobody has, so unknown e-mails cost as much time as wrong passwords. */
export const DUMMY_PASSWORD_HASH =
  "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
