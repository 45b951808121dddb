/** Report screens (lazy chunk); the subject type and ids were checked by the route. */
import { useParams } from "react-router";
import { parseRouteIds } from "../app/route_rules.ts";
import { ComingSoonPage } from "../ui/page.tsx";

function Subject() {
  const { subjectType = "", subjectIds = "" } = useParams();
  const ids = parseRouteIds(subjectIds).map((id) => `#${id}`).join(", ");
  return <p className="muted">Subject: {subjectType.replace("-", " ")} {ids}</p>;
}

/** The report of one or more subjects, grouped by up to three dimensions. */
export function Page() {
  return (
    <ComingSoonPage what="Reports grouped by up to three dimensions with totals and CSV export.">
      <Subject />
    </ComingSoonPage>
  );
}

/** The leads report of one or more subjects. */
export function LeadsPage() {
  return (
    <ComingSoonPage what="Every lead of the subjects with its click and payout.">
      <Subject />
    </ComingSoonPage>
  );
}
