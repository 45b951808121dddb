/** Traffic sources (DESIGN §3): where clicks come from and where conversions go back. */
import { z } from "zod";
import {
  EntityBase,
  EntityInputBase,
  OptionalUrlTemplate,
  ParamPlaceholder,
  Percent,
  toPatch,
} from "./fields.ts";
import { ConversionStatus } from "./stats.ts";
import { EventTypeName } from "./conversion_events.ts";

const Param = ParamPlaceholder.shape.param;
const Placeholder = ParamPlaceholder.shape.placeholder;

/**
 * The source's own click id (issue 12 item 12: required means required). Its
 * parameter is required: it is what `{externalid}` sends back in the source's
 * postback and what reports by external id read. The placeholder may be empty
 * for sources that append their id themselves (fbclid, gclid).
 */
export const ExternalIdParam = z.object({
  param: Param.min(1, "the parameter carrying the source's click id is required"),
  placeholder: Placeholder.default(""),
});

/** An optional parameter (cost): both parts empty, or a parameter with its placeholder. */
export const OptionalParam = z.object({
  param: Param.default(""),
  placeholder: Placeholder.default(""),
})
  .refine((p) => p.param !== "" || p.placeholder === "", {
    path: ["param"],
    message: "a placeholder needs the parameter it fills",
  });

/** A token the source passes (t1…t30 in order of this list): its parameter is required. */
export const SourceToken = z.object({
  param: Param.min(1, "each token needs its parameter"),
  placeholder: Placeholder.default(""),
  name: z.string().trim().max(255).default(""),
});
export type SourceToken = z.infer<typeof SourceToken>;

/**
 * A conversion event forwarded to the source (decision 167): listed events are sent (others
 * are not, whatever their base status), to `url` when set, else to the postback URL; `{event}`
 * fills with the event's name in either.
 */
export const PostbackEvent = z.object({
  event: EventTypeName,
  url: OptionalUrlTemplate.default(""),
});
export type PostbackEvent = z.infer<typeof PostbackEvent>;

/** `POST /api/traffic-sources`: a name and the source's click id parameter are required. */
export const TrafficSourceInput = EntityInputBase.extend({
  externalIdParam: ExternalIdParam,
  costParam: OptionalParam.default({ param: "", placeholder: "" }),
  tokens: z.array(SourceToken).max(30, "at most 30 tokens").default([]),
  postbackUrl: OptionalUrlTemplate.default(""),
  postbackStatuses: z.array(ConversionStatus).max(4).default(["lead", "sale"]),
  postbackEvents: z.array(PostbackEvent).max(20).refine(
    (list) => new Set(list.map((e) => e.event)).size === list.length,
    "each event once",
  ).default([]),
  postbackPercent: Percent.default(100),
  payoutPercent: Percent.default(100),
});
export type TrafficSourceInput = z.infer<typeof TrafficSourceInput>;

/** `PATCH /api/traffic-sources/:id`. */
export const TrafficSourcePatch = toPatch(TrafficSourceInput);
export type TrafficSourcePatch = z.infer<typeof TrafficSourcePatch>;

/**
 * A traffic source as the API answers it. Sources saved before the click id
 * parameter was required still read (with an empty one) until next edited.
 */
export const TrafficSource = EntityBase.extend({
  ...TrafficSourceInput.shape,
  externalIdParam: ParamPlaceholder,
  costParam: ParamPlaceholder,
  tokens: z.array(ParamPlaceholder.extend({ name: z.string() })),
});
export type TrafficSource = z.infer<typeof TrafficSource>;
