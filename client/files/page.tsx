/** Files (lazy chunk). */
import { ComingSoonPage } from "../ui/page.tsx";

/** Files: the route's title and a clear "coming soon" state. */
export function Page() {
  return (
    <ComingSoonPage what="The files manager for hosted landers: folders, uploads and a text editor." />
  );
}
