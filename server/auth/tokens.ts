/** Random tokens and their stored digests. */

/** `bytes` random bytes as base64url (32 bytes = 256 bits). */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw)).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** SHA-256 hex of a token: what the database keeps instead of the token. */
export async function digestToken(token: string): Promise<string> {
  const data = new TextEncoder().encode(token);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}
