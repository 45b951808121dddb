/** Settings → Tracking links: what the empty "Default domain" choice stands for. */

/**
 * What an empty "Default domain" means, as the server builds the links (tracking_links.ts
 * baseFor): the domain marked default for tracking on Domains, else this panel's address.
 */
export function defaultDomainLabel(
  domains: ReadonlyArray<{ host: unknown; purpose?: unknown; isDefault?: unknown }>,
): string {
  const marked = domains.find((d) => d.isDefault === true && d.purpose === "tracking");
  return marked
    ? `Domains' default (${String(marked.host)})`
    : "This panel's address (no default domain)";
}
