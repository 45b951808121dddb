/** Traffic sources (DESIGN §3): where clicks come from and where conversions go back. */
import { z } from "zod";
import {
  Currency,
  EntityBase,
  EntityInputBase,
  OptionalUrlTemplate,
  ParamPlaceholder,
  Percent,
  toPatch,
} from "./fields.ts";
import { ConversionStatus } from "./stats.ts";

/** A token the source passes (t1…t30 in order of this list). */
export const SourceToken = ParamPlaceholder.extend({ name: z.string().trim().max(255) });
export type SourceToken = z.infer<typeof SourceToken>;

const EMPTY_PARAM = { param: "", placeholder: "" };

/** `POST /api/traffic-sources`. */
export const TrafficSourceInput = EntityInputBase.extend({
  currency: Currency.default("USD"),
  externalIdParam: ParamPlaceholder.default(EMPTY_PARAM),
  costParam: ParamPlaceholder.default(EMPTY_PARAM),
  tokens: z.array(SourceToken).max(30, "at most 30 tokens").default([]),
  postbackUrl: OptionalUrlTemplate.default(""),
  postbackStatuses: z.array(ConversionStatus).max(4).default(["lead", "sale"]),
  postbackPercent: Percent.default(100),
  payoutPercent: Percent.default(100),
});
export type TrafficSourceInput = z.infer<typeof TrafficSourceInput>;

/** `PATCH /api/traffic-sources/:id`. */
export const TrafficSourcePatch = toPatch(TrafficSourceInput);
export type TrafficSourcePatch = z.infer<typeof TrafficSourcePatch>;

/** A traffic source as the API answers it. */
export const TrafficSource = EntityBase.extend(TrafficSourceInput.shape);
export type TrafficSource = z.infer<typeof TrafficSource>;
