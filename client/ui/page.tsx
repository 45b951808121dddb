/** Page building blocks: the route's title, a header, and the "coming soon" state. */
import type { ReactNode } from "react";
import { useMatches } from "react-router";
import type { RouteHandle } from "../app/route_rules.ts";

/** The deepest route handle of the current match. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return { title: "Rotor" };
}

/** A page title with optional actions on the right. */
export function PageHeader(props: { title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header__title">{props.title}</h1>
        {props.children && <div className="page-header__sub">{props.children}</div>}
      </div>
      {props.actions && <div className="page-header__actions">{props.actions}</div>}
    </div>
  );
}

/** A clear "coming" state for a screen built by a later piece of work. */
export function ComingSoon(props: { what: string; children?: ReactNode }) {
  return (
    <section className="card coming-soon" aria-label="Coming soon">
      <span className="chip">Coming soon</span>
      <p className="coming-soon__what">{props.what}</p>
      {props.children}
    </section>
  );
}

/** A whole page: the route's title and a "coming soon" card. */
export function ComingSoonPage(props: {
  what: string;
  /** The page's own title when a child route (a modal) is deeper; else the route's. */
  title?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const handle = useRouteHandle();
  const title = props.title ?? handle.title;
  return (
    <div className="page">
      <PageHeader title={title} actions={props.actions} />
      <ComingSoon what={props.what} />
      {props.children}
    </div>
  );
}
