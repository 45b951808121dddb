/** The not-found page every unmatched path lands on. */
import { Link } from "react-router";

/** 404. */
export function Page() {
  return (
    <div className="standalone">
      <div className="card standalone__card">
        <p className="standalone__code">404</p>
        <h1>Page not found</h1>
        <p className="muted">The address does not lead to a screen of the panel.</p>
        <Link className="btn btn--primary" to="/campaigns">Go to campaigns</Link>
      </div>
    </div>
  );
}
