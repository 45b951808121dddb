/**
 * Password hashing with argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1),
 * about 60 ms here. Encoded PHC strings carry their own parameters.
 */
import { argon2id, argon2Verify } from "hash-wasm";

const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19456, hashLength: 32 } as const;

/** Hashes a password with a fresh 16-byte salt. */
export function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ password, salt, ...PARAMS, outputType: "encoded" });
}

/** Checks a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for an unknown user, so that the
 * answer time does not tell which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await dummyHash);
  return false;
}
