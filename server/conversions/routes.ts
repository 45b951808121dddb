/**
 * `GET /api/conversions` (read on campaigns; CSV with `format=csv`) and
 * `PATCH /api/conversions/:id` and `/mass`, manual status changes for admins
 * (confirmed in the panel, recorded with their author, S2S as the rules say);
 * `POST /api/conversions` and `/upload`, conversions entered by admins.
 */
import { Hono } from "hono";
import {
  ConversionMassPatch,
  ConversionPatch,
  ConversionsQuery,
} from "../../contracts/report_query.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { assertAccess, assertUserManager } from "../auth/permissions.ts";
import { IdParam, validate } from "../validate.ts";
import { assertFilterEntities } from "../clicklog/filters.ts";
import { csvHeaders, csvStream } from "../csv/csv.ts";
import { conversionsCsv } from "./csv.ts";
import { setConversionStatuses } from "./status.ts";
import { ConversionEntry, ConversionUpload } from "../../contracts/conversion_entry.ts";
import { HttpError } from "../errors.ts";
import { enterConversion, uploadConversions } from "./entry.ts";

/** Conversion routes, mounted at `/api/conversions`. */
export const conversionRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/", validate("query", ConversionsQuery), async (c) => {
    const query = c.req.valid("query");
    const user = userOf(c);
    assertAccess(user, "campaign", "read");
    assertFilterEntities(c.var.deps.db, query);
    const options = { hideProfit: user.hideProfit };
    if (query.format === "csv") {
      const csv = conversionsCsv(c.var.deps.reads, query, options);
      return c.body(csvStream(csv.header, csv.pages), 200, csvHeaders("conversions"));
    }
    return c.json(await c.var.deps.reads.run("conversions", { query, options }));
  })
  .post("/", validate("json", ConversionEntry), (c) => {
    const user = userOf(c);
    assertUserManager(user);
    const result = enterConversion(c.var.deps.tracking, c.req.valid("json"), {
      user,
      source: "manual",
    });
    if (result.outcome === "refused") {
      throw new HttpError(422, "CONVERSION_REFUSED", result.error ?? "Refused");
    }
    return c.json(result);
  })
  .post("/upload", validate("json", ConversionUpload), (c) => {
    const user = userOf(c);
    assertUserManager(user);
    return c.json(uploadConversions(c.var.deps.tracking, c.req.valid("json"), user));
  })
  .patch("/mass", validate("json", ConversionMassPatch), (c) => {
    const { ids, status } = c.req.valid("json");
    // Changing what counts as revenue is an admin's call, like managing users.
    assertUserManager(userOf(c));
    const user = userOf(c);
    return c.json(setConversionStatuses(c.var.deps.tracking, { ids, status, user }));
  })
  .patch("/:id", validate("param", IdParam), validate("json", ConversionPatch), (c) => {
    const id = c.req.valid("param").id;
    const { status } = c.req.valid("json");
    assertUserManager(userOf(c));
    const user = userOf(c);
    const answer = setConversionStatuses(c.var.deps.tracking, { ids: [id], status, user });
    return c.json(answer.items[0]);
  });
