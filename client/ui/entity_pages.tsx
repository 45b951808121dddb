/** Placeholder list, form and mass-edit screens shared by the entity features. */
import { useEffect, useRef } from "react";
import { Link, Outlet, useMatches, useNavigate, useParams } from "react-router";
import { crudAction, parseRouteIds } from "../app/route_rules.ts";
import { ComingSoon, ComingSoonPage, PageHeader, useRouteHandle } from "./page.tsx";

/** What a feature tells the shared screens. */
export interface EntityInfo {
  /** The list path: "/campaigns". */
  path: string;
  /** The list's title: "Campaigns". */
  title: string;
  /** Singular noun: "campaign". */
  noun: string;
  /** What the list will show. */
  listWhat: string;
  /** What the form will hold. */
  formWhat: string;
}

/** The list page; the mass-edit modal renders over it. */
export function EntityList({ info }: { info: EntityInfo }) {
  return (
    <ComingSoonPage
      title={info.title}
      what={info.listWhat}
      actions={
        <Link className="btn btn--primary" to={`${info.path}/create`}>Create {info.noun}</Link>
      }
    >
      <Outlet />
    </ComingSoonPage>
  );
}

/** The create / edit / clone form page. */
export function EntityForm({ info }: { info: EntityInfo }) {
  const { title, action: type = "create" } = useRouteHandle();
  const { id } = useParams();
  const action = crudAction(type, id);
  const heading = action && action.type !== "create" ? `${title} #${action.id}` : title;
  return (
    <div className="page">
      <PageHeader
        title={heading}
        actions={<Link className="btn" to={info.path}>Back to list</Link>}
      />
      <ComingSoon what={info.formWhat} />
    </div>
  );
}

/** The mass-edit modal over a list; closing it returns to the list. */
export function EntityMassEdit({ info }: { info: EntityInfo }) {
  const { ids = "" } = useParams();
  const matches = useMatches();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const listPath = matches.at(-2)?.pathname ?? info.path;
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  const list = parseRouteIds(ids);
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="mass-edit-title"
      onClose={() => void navigate(listPath)}
    >
      <h2 id="mass-edit-title" className="modal__title">Mass edit {info.noun}s</h2>
      <p>
        {list.length} {info.noun}
        {list.length === 1 ? "" : "s"} selected: {list.map((n) => `#${n}`).join(", ")}
      </p>
      <ComingSoon
        what={`Changing many ${info.noun}s at once arrives with the ${info.noun} screens.`}
      />
      <div className="modal__actions">
        <button type="button" className="btn" onClick={() => dialog.current?.close()}>Close</button>
      </div>
    </dialog>
  );
}

/** Builds the three lazy page components of one entity feature. */
export function entityPages(info: EntityInfo) {
  return {
    ListPage: () => <EntityList info={info} />,
    FormPage: () => <EntityForm info={info} />,
    MassEditPage: () => <EntityMassEdit info={info} />,
  };
}
