/** `GET /api/clicks`: the click log (read on campaigns), cursor paging, `format=csv` streamed. */
import { CLICK_ROUTES } from "../../contracts/api/reports.ts";
import { implement } from "../route.ts";
import { userOf } from "../context.ts";
import { namesFor, withNameColumns } from "./names.ts";
import { assertFilterEntities } from "./filters.ts";
import { csvHeaders, csvStream } from "../csv/csv.ts";
import { localStamp } from "../reports/time.ts";
import { clickCsvLabel, NAMED_ID_COLUMNS } from "../../contracts/click_columns.ts";
import { validationError } from "../errors.ts";

const PAGE = 1000;
const TIMES = new Set(["ts", "lpClickTs"]);

const NAME_COLUMNS = new Set(Object.values(NAMED_ID_COLUMNS));

/**
 * The CSV's columns: those asked for (the panel's shown columns, in its order), each named
 * id with its name beside it; every column when none are asked for. A name the click log
 * does not have (for this viewer) is refused: an export missing a column the buyer asked
 * for would look complete.
 */
function csvColumns(all: string[], wanted: string[] | undefined): string[] {
  if (!wanted?.length) return all;
  const unknown = wanted.filter((key) => !all.includes(key) || NAME_COLUMNS.has(key));
  if (unknown.length) {
    throw validationError([{
      path: ["columns"],
      message: `not a click log column: ${unknown.join(", ")}`,
    }]);
  }
  return withNameColumns([...new Set(wanted)]).filter((key) => all.includes(key));
}

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
    const columns = csvColumns(first.columns, query.columns);
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
