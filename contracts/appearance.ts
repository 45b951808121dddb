/**
 * The appearance choices of SPEC §3, §5 and §9, as plain lists: the panel's
 * shell reads them without zod (decision 141), the settings contract builds
 * its enums from them.
 */

/** Colour schemes; `default` is the default. */
export const COLOR_SCHEMES = ["default", "legacy", "creative"] as const;

/** The configured fonts; Vela Sans is the default. */
export const FONTS = [
  "Vela Sans",
  "Fira Code",
  "IBM Plex Mono",
  "Inter",
  "Liberation Mono",
  "Montserrat",
  "Open Sans",
  "Roboto",
  "Source Code Pro",
] as const;
