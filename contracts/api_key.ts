/**
 * Per-user API keys (DESIGN §3 `apiKey`): sent as an `Api-Key` header on
 * `/api/*`. The key itself is answered once, at creation; only its SHA-256
 * is stored.
 */
import { z } from "zod";

/** The HTTP header that carries a key. */
export const API_KEY_HEADER = "Api-Key";

/**
 * What a key may reach: `api` — every `/api/*` call as its owner; `click` —
 * only the click API (`/api/click-api/*`), safe to put on a lander's server.
 */
export const ApiKeyScope = z.enum(["api", "click"]);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** `POST /api/settings/public-api/keys`. */
export const ApiKeyInput = z.object({
  name: z.string().trim().min(1, "must not be empty").max(100),
  scope: ApiKeyScope.default("api"),
});
export type ApiKeyInput = z.infer<typeof ApiKeyInput>;

/** A key as lists show it: never the key, only its first characters. */
export const ApiKeyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: ApiKeyScope,
  prefix: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

/** The answer to creating a key: the only time `key` is shown. */
export const CreatedApiKey = ApiKeyInfo.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
