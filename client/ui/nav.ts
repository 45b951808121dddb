/** The navigation tabs and menu entries of SPEC §2. */

/** One navigation entry. */
export interface NavEntry {
  to: string;
  label: string;
}

/** The navigation tabs, in order. */
export const NAV_TABS: readonly NavEntry[] = [
  { to: "/campaigns", label: "Campaigns" },
  { to: "/offers", label: "Offers" },
  { to: "/landings", label: "Landers" },
  { to: "/affiliate-networks", label: "Aff. networks" },
  { to: "/traffic-sources", label: "Traffic sources" },
  { to: "/rotations", label: "Rotations" },
  { to: "/trends", label: "Trends" },
  { to: "/files", label: "Files" },
  { to: "/conversions", label: "Conversions" },
  { to: "/clicklog", label: "Click log" },
  { to: "/triggers", label: "Triggers" },
];

/** The menu entries; the monitor shows only when the debug flag says so. */
export function menuEntries(showMonitor: boolean): NavEntry[] {
  const entries: NavEntry[] = [
    { to: "/users", label: "Users" },
    { to: "/domains", label: "Domains" },
    { to: "/groups", label: "Groups" },
    { to: "/settings", label: "Settings" },
    { to: "/update", label: "Update" },
  ];
  if (showMonitor) entries.push({ to: "/monitor", label: "Monitor" });
  return entries;
}

/** Whether a tab is the current one (`/` counts as campaigns). */
export function isTabActive(tab: string, pathname: string): boolean {
  if (tab === "/campaigns" && (pathname === "/" || pathname.startsWith("/edit/mass/"))) return true;
  return pathname === tab || pathname.startsWith(`${tab}/`);
}
