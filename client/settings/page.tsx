/**
 * Settings (lazy chunk): the layout with SPEC's 15 children, each a working
 * screen; Stats also holds the currency rates (decision 162), Postback
 * processing the conversion event types (decision 167).
 */
import type { ReactNode } from "react";
import { SETTINGS_CHILDREN } from "../app/route_rules.ts";
import { useRouteHandle } from "../ui/page.tsx";
import { SubNavLayout } from "../ui/sub_nav.tsx";
import { AppearanceSettings } from "./appearance_settings.tsx";
import { UserSettings } from "./user_settings.tsx";
import { TrackingLinksSettings } from "./tracking_links.tsx";
import { AutoClearingSettings } from "./auto_clearing.tsx";
import { StatsSettings } from "./stats_settings.tsx";
import { CurrencyRatesSettings } from "./currency_rates.tsx";
import { ColumnsSettings } from "./columns_settings.tsx";
import { ClickApiSettings, LpProtectSettings, PublicApiSettings } from "./api_settings.tsx";
import { IntegrationSettingsPage } from "./integration.tsx";
import { PostbackProcessingSettings } from "./postback_processing.tsx";
import { EventsSettings } from "./events.tsx";
import { ImportExportSettings } from "./import_export.tsx";
import { UrlCustomizationSettings } from "./url_customization.tsx";
import { BetaSettings, FeedbackSettings } from "./feedback_beta.tsx";
import { TrafficQualityCard } from "./traffic_quality.tsx";
import { UnsavedForms } from "../ui/unsaved_guard.tsx";

/** Each child route's screen. */
const SCREENS: Record<string, () => ReactNode> = {
  "tracking-links": () => <TrackingLinksSettings />,
  "auto-clearing": () => <AutoClearingSettings />,
  "user": () => <UserSettings />,
  "ui": () => <AppearanceSettings />,
  // SPEC's 15 screens stay as they are: the rates sit with the currency they convert to
  // (decision 162), event types with the postback statuses they extend (decision 167).
  "stats": () => (
    <div className="stack">
      <StatsSettings />
      <SubSection title="Currency rates">
        <CurrencyRatesSettings />
      </SubSection>
    </div>
  ),
  "columns": () => <ColumnsSettings />,
  "public-api": () => <PublicApiSettings />,
  "click-api": () => <ClickApiSettings />,
  // Traffic quality sits with LP protect: both keep unwanted visitors out (decision 165).
  "lp-protect": () => (
    <div className="stack">
      <LpProtectSettings />
      <TrafficQualityCard />
    </div>
  ),
  "integration": () => <IntegrationSettingsPage />,
  "postback-processing": () => (
    <div className="stack">
      <PostbackProcessingSettings />
      <SubSection title="Events">
        <EventsSettings />
      </SubSection>
    </div>
  ),
  "import-export": () => <ImportExportSettings />,
  "url-customization": () => <UrlCustomizationSettings />,
  "feedback": () => <FeedbackSettings />,
  "beta": () => <BetaSettings />,
};

/** A part of a settings screen with its own heading (below the screen's). */
function SubSection(props: { title: string; children: ReactNode }) {
  const id = `settings-${props.title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <section className="section" aria-labelledby={id}>
      <h3 id={id} className="section__title">{props.title}</h3>
      {props.children}
    </section>
  );
}

/** The settings frame. */
export function SettingsLayout() {
  return (
    <SubNavLayout title="Settings" base="/settings" label="Settings" links={SETTINGS_CHILDREN} />
  );
}

/** One settings section. */
export function SettingsPage() {
  const { title } = useRouteHandle();
  const path = SETTINGS_CHILDREN.find(([, t]) => t === title)?.[0] ?? "";
  const screen = SCREENS[path];
  return (
    <section className="section" aria-labelledby="settings-section-title">
      <h2 id="settings-section-title" className="section__title">{title}</h2>
      {screen
        ? <UnsavedForms key={path}>{screen()}</UnsavedForms>
        : <p className="muted">Unknown settings section.</p>}
    </section>
  );
}
