/** Landers (DESIGN §3): pages shown before the offer. */
import { z } from "zod";
import { EntityBase, EntityInputBase, isHttpTemplate, toPatch } from "./fields.ts";

/**
 * A hosted file's address as Files shows it (percent-encoded names), with an optional query
 * that may carry {macros}; its path has no macros and no way out of `/lp/files/`.
 */
function isHostedUrl(value: string): boolean {
  const match = /^\/lp\/files\/((?:[\w.~!'()*/-]|%[0-9A-Fa-f]{2})+)(\?[^\s#]*)?$/.exec(value);
  return match !== null && !/\.\.|%2e/i.test(match[1]);
}

/** Where a lander lives: an external http(s) URL (macros allowed) or a hosted file. */
export const LandingUrl = z.string().trim().max(4096).refine(
  (v) => isHttpTemplate(v) || isHostedUrl(v),
  "must be an http(s) URL or a hosted file under /lp/files/ ({macros} only in its query)",
);

/** `POST /api/landings`. */
export const LandingInput = EntityInputBase.extend({
  url: LandingUrl,
  /** How many offers a multi-offer lander links to. */
  offerCount: z.number().int().min(1).max(100).default(1),
  /** The lander must be opened through a click (lp-protect). */
  protect: z.boolean().default(false),
});
export type LandingInput = z.infer<typeof LandingInput>;

/** `PATCH /api/landings/:id`. */
export const LandingPatch = toPatch(LandingInput);
export type LandingPatch = z.infer<typeof LandingPatch>;

/** A lander as the API answers it. */
export const Landing = EntityBase.extend(LandingInput.shape);
export type Landing = z.infer<typeof Landing>;
