/** Settings (lazy chunk): the layout with its 15 children. */
import { SETTINGS_CHILDREN } from "../app/route_rules.ts";
import { useRouteHandle } from "../ui/page.tsx";
import { ComingSoon } from "../ui/page.tsx";
import { SubNavLayout } from "../ui/sub_nav.tsx";
import { AppearanceSettings } from "./appearance_settings.tsx";
import { UserSettings } from "./user_settings.tsx";

/** The settings frame. */
export function SettingsLayout() {
  return (
    <SubNavLayout title="Settings" base="/settings" label="Settings" links={SETTINGS_CHILDREN} />
  );
}

/** One settings section. */
export function SettingsPage() {
  const { title } = useRouteHandle();
  const content = title === "UI"
    ? <AppearanceSettings />
    : title === "User"
    ? <UserSettings />
    : <ComingSoon what={`The ${title.toLowerCase()} settings arrive with the settings work.`} />;
  return (
    <section className="section" aria-labelledby="settings-section-title">
      <h2 id="settings-section-title" className="section__title">{title}</h2>
      {content}
    </section>
  );
}
