/** Triggers (lazy chunk). */
import { ComingSoonPage } from "../ui/page.tsx";

/** Triggers: the route's title and a clear "coming soon" state. */
export function Page() {
  return (
    <ComingSoonPage what="Triggers are not part of Rotor yet. This stub keeps the tab in its place." />
  );
}
