/** `GET /api/clicks`: the click log (read on campaigns), cursor paging, `format=csv` streamed. */
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { implement } from "../route.ts";
import { assertFilterEntities } from "./filters.ts";
import { csvHeaders, csvStream } from "../csv/csv.ts";
import { localStamp } from "../reports/time.ts";

const PAGE = 1000;
const TIMES = new Set(["ts", "lpClickTs"]);

export const clickLogRoutes = [
  implement(CLICK_ROUTES.list, async (c, { query }) => {
    assertFilterEntities(c.var.deps.db, query);
    const reads = c.var.deps.reads;
    if (query.format !== "csv") return reads.run("clicks", { query });
    const first = await reads.run("clicks", { query: { ...query, limit: PAGE } });
    const columns = first.columns;
    const cell = (key: string, v: unknown) =>
      TIMES.has(key) && typeof v === "number" ? localStamp(v, query.tz) : v;
    async function* pages() {
      let page = first;
      while (true) {
        yield page.items.map((item) => columns.map((k) => cell(k, item[k])));
        if (!page.nextCursor) return;
        page = await reads.run("clicks", {
          query: { ...query, cursor: page.nextCursor, limit: PAGE },
        });
      }
    }
    return c.body(csvStream(columns, pages()), 200, csvHeaders("clicklog"));
  }),
];
