/** The developer monitor (lazy chunk): build info, debug settings, seed, clicker and messages. */
import { DEVELOPER_CHILDREN } from "../app/route_rules.ts";
import { useRouteHandle } from "../ui/page.tsx";
import { SubNavLayout } from "../ui/sub_nav.tsx";
import { BuildInfoTool } from "./build_info.tsx";
import { ClickerTool } from "./clicker.tsx";
import { DebugSettingsForm } from "./debug_settings_form.tsx";
import { MessagesTool } from "./messages.tsx";
import { SeedTool } from "./seed.tsx";

/** The developer monitor frame. */
export function DeveloperLayout() {
  return (
    <SubNavLayout
      title="Developer monitor"
      base="/monitor/developer"
      label="Developer"
      links={DEVELOPER_CHILDREN}
    />
  );
}

const TOOLS: Record<string, () => React.JSX.Element> = {
  "Build info": BuildInfoTool,
  "Debug settings": DebugSettingsForm,
  "Seed": SeedTool,
  "Clicker": ClickerTool,
  "Messages": MessagesTool,
};

/** One developer section, by the route's title. */
export function DeveloperPage() {
  const { title } = useRouteHandle();
  const Tool = TOOLS[title];
  return (
    <section className="section" aria-labelledby="developer-section-title">
      <h2 id="developer-section-title" className="section__title">{title}</h2>
      {Tool ? <Tool /> : null}
    </section>
  );
}
