/** Groups (lazy chunk). */
import { ComingSoonPage } from "../ui/page.tsx";

/** Groups: the route's title and a clear "coming soon" state. */
export function Page() {
  return (
    <ComingSoonPage what="Groups for campaigns, offers, landers, sources, networks and rotations." />
  );
}
