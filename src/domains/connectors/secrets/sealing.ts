/**
 * AES-256-GCM sealing (CONTRACT "Credentials"): a fresh 12-byte IV per write, AAD binds the
 * sealed value to its row (instance or execution id, purpose, key version), so a ciphertext copied
 * to another row does not open. `CREDENTIALS_KEY` = comma-separated `vN:<base64 32 bytes>`; the
 * first key seals, every key opens (rotation: put the new key first, keep the old ones).
 * Sealed text: `<version>.<base64 iv>.<base64 ciphertext>`.
 */
import { fromBase64, toBase64 } from "../../../lib/bytes";

const IV_BYTES = 12;
const KEY_BYTES = 32;

interface Keyring {
  current: string;
  keys: Map<string, CryptoKey>;
}

let cached: { source: string; ring: Promise<Keyring> } | null = null;

async function parseKeyring(source: string): Promise<Keyring> {
  const entries = source
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("CREDENTIALS_KEY is not set");
  const keys = new Map<string, CryptoKey>();
  for (const entry of entries) {
    const match = /^(v\d+):(.+)$/.exec(entry);
    if (!match) throw new Error("CREDENTIALS_KEY entries must look like vN:<base64 32 bytes>");
    const [, version = "", encoded = ""] = match;
    const raw = fromBase64(encoded);
    if (raw.length !== KEY_BYTES) throw new Error(`CREDENTIALS_KEY ${version} is not 32 bytes`);
    keys.set(version, await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
  }
  return { current: (entries[0] ?? "").split(":")[0] ?? "", keys };
}

/** Imported keys are cached per isolate (per value of the secret). */
function keyring(source: string): Promise<Keyring> {
  if (cached?.source !== source) cached = { source, ring: parseKeyring(source) };
  return cached.ring;
}

const aad = (binding: string[], version: string) => new TextEncoder().encode([...binding, version].join("\u0000"));

export async function seal(
  keySource: string,
  binding: string[],
  plaintext: string,
): Promise<{ sealed: string; keyVersion: string }> {
  const ring = await keyring(keySource);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: aad(binding, ring.current) },
    ring.keys.get(ring.current)!,
    new TextEncoder().encode(plaintext),
  );
  return { sealed: `${ring.current}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`, keyVersion: ring.current };
}

/** Opens a sealed value; throws `SealError` when the key is unknown, or it was sealed for another row or tampered with. */
export async function open(keySource: string, binding: string[], sealed: string): Promise<string> {
  const ring = await keyring(keySource);
  const [version = "", iv, cipher] = sealed.split(".");
  const key = ring.keys.get(version);
  if (!key || !iv || !cipher) throw new SealError();
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: aad(binding, version) },
      key,
      fromBase64(cipher),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new SealError();
  }
}

export class SealError extends Error {
  constructor() {
    super("A sealed value could not be opened");
  }
}
