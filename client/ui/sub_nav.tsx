/** A side navigation of child routes (settings, developer monitor). */
import { NavLink, Outlet } from "react-router";
import { PageHeader } from "./page.tsx";

/** A titled page with a list of child links and the child beside it. */
export function SubNavLayout(props: {
  title: string;
  base: string;
  label: string;
  links: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <div className="page">
      <PageHeader title={props.title} />
      <div className="sub-layout">
        <nav className="sub-nav" aria-label={props.label}>
          {props.links.map(([path, title]) => (
            <NavLink
              key={path}
              to={`${props.base}/${path}`}
              className={({ isActive }) =>
                `sub-nav__link${isActive ? " sub-nav__link--active" : ""}`}
            >
              {title}
            </NavLink>
          ))}
        </nav>
        <div className="sub-layout__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
