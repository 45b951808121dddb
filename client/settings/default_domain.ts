/**
 * Settings → Tracking links: what the empty "Default domain" choice stands for, and the address
 * links and examples (the click API's) are built on.
 */

/** A domain as the options list gives it; only these fields matter here. */
type DomainOption = { id?: unknown; host: unknown; purpose?: unknown; isDefault?: unknown };

/** The live domain marked default for tracking, the lowest id first as the server picks it. */
function markedDefault<D extends DomainOption & { archived?: unknown }>(
  domains: ReadonlyArray<D>,
): D | undefined {
  return domains
    .filter((d) => d.isDefault === true && d.purpose === "tracking" && d.archived !== true)
    .sort((a, b) => Number(a.id ?? 0) - Number(b.id ?? 0))[0];
}

/**
 * What an empty "Default domain" means, as the server builds the links
 * (`defaultTrackingDomainId`): the domain marked default for tracking on Domains, else this
 * panel's address.
 */
export function defaultDomainLabel(domains: ReadonlyArray<DomainOption>): string {
  const marked = markedDefault(domains);
  return marked
    ? `Domains' default (${String(marked.host)})`
    : "This panel's address (no default domain)";
}

/**
 * The address tracking links start with, as the server builds it (`defaultTrackingDomainId`): the
 * "Default domain" of Settings → Tracking links while it is live, else the domain marked default
 * for tracking on Domains (each with the settings' scheme), else `origin`, this panel's address.
 */
export function trackingBase(
  domains: ReadonlyArray<DomainOption & { archived?: unknown }>,
  options: { settings?: { domainId: number | null; scheme: string }; origin: string },
): string {
  const { settings, origin } = options;
  const picked = settings?.domainId == null
    ? undefined
    : domains.find((d) => d.id === settings.domainId && d.archived !== true);
  const chosen = picked ?? markedDefault(domains);
  if (!chosen) return origin;
  return `${settings?.scheme ?? "https"}://${String(chosen.host)}`;
}
