/** A side navigation of child routes (settings, developer monitor). */
import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { PageHeader } from "./page.tsx";

/** A titled page with a list of child links and the child beside it. */
export function SubNavLayout(props: {
  title: string;
  base: string;
  label: string;
  links: ReadonlyArray<readonly [string, string]>;
}) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    // On a narrow screen the links scroll sideways: keep the current one in view.
    const box = nav.current;
    const active = box?.querySelector(".sub-nav__link--active");
    if (!box || !active) return;
    const [outer, inner] = [box.getBoundingClientRect(), active.getBoundingClientRect()];
    if (inner.left < outer.left || inner.right > outer.right) {
      box.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2;
    }
  }, [pathname]);
  return (
    <div className="page">
      <PageHeader title={props.title} />
      <div className="sub-layout">
        <nav ref={nav} className="sub-nav" aria-label={props.label}>
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
