/** Conversions (lazy chunk). */
import { ComingSoonPage } from "../ui/page.tsx";

/** Conversions: the route's title and a clear "coming soon" state. */
export function Page() {
  return (
    <ComingSoonPage what="Every conversion with its click, status, payout and postback outcome." />
  );
}
