/**
 * `GET /api/report`, `/api/report/leads` and `/api/trends` (DESIGN §5). A
 * user needs read on the subject's entity type (trends: on campaigns); a
 * hide-profit user gets no revenue, profit, ROI or EPC. `format=csv` answers
 * a download.
 */
import { getStatsSettings } from "../settings/sections.ts";
import type { Context } from "hono";
import { REPORT_ROUTES } from "../../contracts/api/reports.ts";
import { DIMENSION_BY_NAME, METRIC_BY_NAME, SUBJECT_TYPES } from "../../contracts/report.ts";
import type { PermissionSubject } from "../../contracts/user.ts";
import type { UserRow } from "../users/store.ts";
import { type AppEnv, userOf } from "../context.ts";
import { assertAccess } from "../auth/permissions.ts";
import { HttpError } from "../errors.ts";
import { implement } from "../route.ts";
import { assertFilterEntities } from "../clicklog/filters.ts";
import { csvHeaders, csvStream, toCsv } from "../csv/csv.ts";
import { conversionsCsv } from "../conversions/csv.ts";
import { conversionNamesFor } from "../clicklog/names.ts";

/** The entity type whose names label a dimension's rows (campaign groups: campaigns). */
const SUBJECT_OF_TABLE = new Map<string, PermissionSubject>([
  ...Object.values(SUBJECT_TYPES).map((s) => [s.table, s.permission] as const),
  ["groups", "campaign"],
]);

/** 403 when a grouping would show names of entities the user may not read. */
function assertMayGroup(user: UserRow, groupBy: readonly string[]): void {
  for (const name of groupBy) {
    const table = DIMENSION_BY_NAME.get(name)?.entity;
    const subject = table ? SUBJECT_OF_TABLE.get(table) : undefined;
    if (subject) assertAccess(user, subject, "read");
  }
}

/** The currency the signed-in user reads money in (Settings → Stats). */
function statsCurrency(c: Context<AppEnv>): string {
  return getStatsSettings(c.var.deps.db, userOf(c).id).currency;
}

export const reportRoutes = [
  implement(REPORT_ROUTES.report, async (c, { query }) => {
    const user = userOf(c);
    assertAccess(user, SUBJECT_TYPES[query.subjectType].permission, "read");
    assertMayGroup(user, query.groupBy);
    const options = { hideProfit: user.hideProfit, currency: statsCurrency(c) };
    if (query.format === "csv") {
      const table = await c.var.deps.reads.run("reportTable", { query, options });
      const name = `report-${query.subjectType}-${query.groupBy.join("-")}`;
      return c.body(toCsv(table.header, table.rows), 200, csvHeaders(name));
    }
    return c.var.deps.reads.run("report", { query, options });
  }),
  implement(REPORT_ROUTES.leads, async (c, { query }) => {
    const user = userOf(c);
    if (!query.subjectType || !query.subjectIds) {
      throw new HttpError(400, "VALIDATION_ERROR", "subjectType and subjectIds are required", {
        issues: [{ path: "subjectType", message: "is required" }],
      });
    }
    assertAccess(user, SUBJECT_TYPES[query.subjectType].permission, "read");
    assertFilterEntities(c.var.deps.db, query);
    const options = { hideProfit: user.hideProfit };
    if (query.format === "csv") {
      const csv = conversionsCsv(c.var.deps.reads, query, options, user);
      return c.body(csvStream(csv.header, csv.pages), 200, csvHeaders("leads"));
    }
    const page = await c.var.deps.reads.run("conversions", { query, options });
    return { ...page, items: conversionNamesFor(user, page.items) };
  }),
  implement(REPORT_ROUTES.trends, async (c, { query }) => {
    const user = userOf(c);
    const answer = await c.var.deps.reads.run("trends", {
      query,
      options: { hideProfit: user.hideProfit, currency: statsCurrency(c) },
    });
    if (query.format === "csv") {
      const metrics = Object.keys(answer.series);
      const rows = answer.buckets.map((b, i) => [b, ...metrics.map((m) => answer.series[m][i])]);
      // Headed by the metrics' labels, as the report's and the leads' files are.
      const labels = metrics.map((m) => METRIC_BY_NAME.get(m)?.label ?? m);
      return c.body(toCsv(["Time", ...labels], rows), 200, csvHeaders("trends"));
    }
    return answer;
  }),
];
