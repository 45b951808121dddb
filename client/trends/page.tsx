/** Trends (lazy chunk). */
import { ComingSoonPage } from "../ui/page.tsx";

/** Trends: the route's title and a clear "coming soon" state. */
export function Page() {
  return (
    <ComingSoonPage what="Charts of clicks, conversions, cost, revenue and profit over time, per campaign or source." />
  );
}
