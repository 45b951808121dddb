/** Domains (lazy chunk). */
import { ComingSoonPage } from "../ui/page.tsx";

/** Domains: the route's title and a clear "coming soon" state. */
export function Page() {
  return <ComingSoonPage what="Tracking, lander and panel domains, with the default one." />;
}
