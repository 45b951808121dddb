/** `GET /api/clicks`: the click log (read on campaigns), cursor paging, `format=csv` streamed. */
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { implement } from "../route.ts";
import { userOf } from "../context.ts";
import { namesFor } from "./names.ts";
import { assertFilterEntities } from "./filters.ts";
import { csvHeaders, csvStream } from "../csv/csv.ts";
import { localStamp } from "../reports/time.ts";
import { clickCsvLabel } from "../../contracts/click_columns.ts";

const PAGE = 1000;
const TIMES = new Set(["ts", "lpClickTs"]);

export const clickLogRoutes = [
  implement(CLICK_ROUTES.list, async (c, { query }) => {
    assertFilterEntities(c.var.deps.db, query);
    const viewer = userOf(c);
    // One page, the names of entity types the viewer may not read shown as ids.
    const read = async (pageQuery: typeof query) => {
      const page = await c.var.deps.reads.run("clicks", { query: pageQuery });
      return { ...page, items: namesFor(viewer, page.items) };
    };
    if (query.format !== "csv") return read(query);
    const first = await read({ ...query, limit: PAGE });
    const columns = first.columns;
    const cell = (key: string, v: unknown) =>
      TIMES.has(key) && typeof v === "number" ? localStamp(v, query.tz) : v;
    async function* pages() {
      let page = first;
      while (true) {
        yield page.items.map((item) => columns.map((k) => cell(k, item[k])));
        if (!page.nextCursor) return;
        page = await read({ ...query, cursor: page.nextCursor, limit: PAGE });
      }
    }
    // Headed in words, as the conversions and report exports are; the keys stay in JSON.
    const header = columns.map(clickCsvLabel);
    return c.body(csvStream(header, pages()), 200, csvHeaders("clicklog"));
  }),
];
