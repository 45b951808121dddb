/**
 * `GET /api/conversions` (read on campaigns; CSV with `format=csv`) and
 * `PATCH /api/conversions/:id` and `/mass`, manual status changes for admins
 * (confirmed in the panel, recorded with their author, S2S as the rules say);
 * `POST /api/conversions` and `/upload`, conversions entered by admins.
 */
import { CONVERSION_ROUTES } from "../../contracts/api/reports.ts";
import { userOf } from "../context.ts";
import { implement } from "../route.ts";
import { assertFilterEntities } from "../clicklog/filters.ts";
import { csvHeaders, csvStream } from "../csv/csv.ts";
import { conversionsCsv } from "./csv.ts";
import { conversionNamesFor } from "../clicklog/names.ts";
import { setConversionStatuses } from "./status.ts";
import { HttpError } from "../errors.ts";
import { enterConversion, uploadConversions } from "./entry.ts";

export const conversionRoutes = [
  implement(CONVERSION_ROUTES.list, async (c, { query }) => {
    const user = userOf(c);
    assertFilterEntities(c.var.deps.db, query);
    const options = { hideProfit: user.hideProfit };
    if (query.format === "csv") {
      const csv = conversionsCsv(c.var.deps.reads, query, options, user);
      return c.body(csvStream(csv.header, csv.pages), 200, csvHeaders("conversions"));
    }
    const page = await c.var.deps.reads.run("conversions", { query, options });
    return { ...page, items: conversionNamesFor(user, page.items) };
  }),
  implement(CONVERSION_ROUTES.enter, (c, { body }) => {
    const result = enterConversion(c.var.deps.tracking, body, {
      user: userOf(c),
      source: "manual",
    });
    if (result.outcome === "refused") {
      throw new HttpError(422, "CONVERSION_REFUSED", result.error ?? "Refused");
    }
    return result;
  }),
  implement(
    CONVERSION_ROUTES.upload,
    (c, { body }) => uploadConversions(c.var.deps.tracking, body, userOf(c)),
  ),
  // Changing what counts as revenue is an admin's call, like managing users.
  implement(CONVERSION_ROUTES.mass, (c, { body }) => {
    const { ids, status } = body;
    return setConversionStatuses(c.var.deps.tracking, { ids, status, user: userOf(c) });
  }),
  implement(CONVERSION_ROUTES.patch, (c, { params, body }) => {
    const answer = setConversionStatuses(c.var.deps.tracking, {
      ids: [params.id],
      status: body.status,
      user: userOf(c),
    });
    return answer.items[0];
  }),
];
