/**
 * Sealing of the auth secrets at rest (decision 103): AES-256-GCM under a key
 * kept in `secret.key` beside the database file (mode 0600), never in the
 * database. A copy of the database, or a backup (which carries the database
 * and hosted files, not this key), reveals no working `?auth=` secret. An
 * in-memory database (tests) gets a key that lives as long as the process.
 *
 * On PostgreSQL there is no file, and every node must open what any node
 * sealed, after restarts too: the key is the one row of `auth_seal_key`, made
 * by the first node that needs it (`ON CONFLICT DO NOTHING`, then read back,
 * so two nodes starting together agree). A dump of the database then carries
 * the key (decision 172, "Several nodes").
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type Db, dialectOf } from "../db/connection.ts";

/** Where the key lives: beside the database file. */
export const KEY_FILE = "secret.key";

const PREFIX = "v1:";
const keys = new WeakMap<Db, Buffer>();

function loadKey(db: Db): Buffer {
  const found = keys.get(db);
  if (found) return found;
  const location = db.location();
  let key: Buffer;
  if (dialectOf(db) === "postgres") key = sharedKey(db);
  else if (location === null) key = randomBytes(32);
  else {
    const path = join(dirname(location), KEY_FILE);
    if (!existsSync(path)) writeFileSync(path, randomBytes(32).toString("base64"), { mode: 0o600 });
    key = Buffer.from(readFileSync(path, "utf8").trim(), "base64");
    if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte key`);
  }
  keys.set(db, key);
  return key;
}

/** The key in the database (PostgreSQL), made when absent; every node reads the same one. */
function sharedKey(db: Db): Buffer {
  db.prepare("INSERT INTO auth_seal_key (id, key) VALUES (1, ?) ON CONFLICT (id) DO NOTHING")
    .run(randomBytes(32).toString("base64"));
  const key = Buffer.from(
    String(db.prepare("SELECT key FROM auth_seal_key WHERE id = 1").get()!.key),
    "base64",
  );
  if (key.length !== 32) throw new Error("auth_seal_key does not hold a 32-byte key");
  return key;
}

/**
 * A key for `purpose` made from the sealing key (HMAC-SHA256 of the purpose):
 * the same on every node and after restarts, and no use for sealing.
 */
export function derivedKey(db: Db, purpose: string): Buffer {
  return createHmac("sha256", loadKey(db)).update(`rotor:${purpose}`).digest();
}

/** `v1:<iv>:<tag>:<ciphertext>` (base64url parts) of `text`. */
export function seal(db: Db, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", loadKey(db), iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(":");
}

/** The text sealed in `value`, or null when this key cannot open it (another install's key). */
export function unseal(db: Db, value: string): string | null {
  if (!value.startsWith(PREFIX)) return null;
  const [iv, tag, body] = value.slice(PREFIX.length).split(":").map((p) =>
    Buffer.from(p, "base64url")
  );
  try {
    const decipher = createDecipheriv("aes-256-gcm", loadKey(db), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Seals every secret still stored in clear (installs from before sealing); run at start. */
export function sealClearSecrets(db: Db): void {
  const clear = db.prepare(
    "SELECT id, auth_secret FROM users WHERE auth_secret IS NOT NULL AND auth_secret NOT LIKE 'v1:%'",
  ).all();
  const update = db.prepare("UPDATE users SET auth_secret = ? WHERE id = ?");
  for (const row of clear) update.run(seal(db, String(row.auth_secret)), row.id);
}
