/**
 * Update availability: the running version against the release manifest
 * (`ROTOR_UPDATE_MANIFEST_URL`, else the `updates` setting).
 */
import { z } from "zod";
import { ReleaseManifest, type UpdatesAnswer } from "../../contracts/auth.ts";
import type { Deps } from "../context.ts";
import { HttpError } from "../errors.ts";
import { readSetting } from "../settings/store.ts";

const UpdatesSetting = z.object({ manifestUrl: z.string().optional() });
const TIMEOUT_MS = 5000;

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The manifest URL in force. */
export function manifestUrl(deps: Deps): string | undefined {
  return deps.config.updateManifestUrl ??
    readSetting(deps.db, "updates", { schema: UpdatesSetting, fallback: {} }).manifestUrl;
}

/**
 * Fetches the manifest and compares; a failing manifest is a 502 with a readable message.
 * With no manifest configured, checks are off: the running version, nothing available.
 */
export async function checkForUpdates(deps: Deps): Promise<UpdatesAnswer> {
  const url = manifestUrl(deps);
  if (!url) {
    return {
      is_available_updates: false,
      current_version: deps.version,
      latest_version: deps.version,
      notes: "",
      checks_enabled: false,
    };
  }
  let manifest: ReleaseManifest;
  try {
    const res = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`the release manifest answered ${res.status}`);
    manifest = ReleaseManifest.parse(await res.json());
  } catch (err) {
    const reason = err instanceof z.ZodError
      ? "the release manifest is malformed"
      : (err as Error).message;
    throw new HttpError(502, "UPDATE_CHECK_FAILED", `Update check failed: ${reason}`);
  }
  return {
    is_available_updates: compareVersions(manifest.version, deps.version) > 0,
    current_version: deps.version,
    latest_version: manifest.version,
    notes: manifest.notes,
    checks_enabled: true,
  };
}
