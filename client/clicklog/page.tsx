/** Click Log (lazy chunk). */
import { ComingSoonPage } from "../ui/page.tsx";

/** Click Log: the route's title and a clear "coming soon" state. */
export function Page() {
  return (
    <ComingSoonPage what="The raw click log with all enrichment fields, filters and CSV export." />
  );
}
