/**
 * User-facing texts that server and client must say alike (SPEC §8).
 */

/** 401 on sign-in. */
export const WRONG_CREDENTIALS = "Wrong username or password";

/** 410: the feature is not available in demo mode (sent by the server, shown by the panel). */
export const DEMO_UNAVAILABLE =
  "This feature is not available in the demo version. Try the full version free for 14 days " +
  "with all features: register on our website. Questions? Write to support on our website " +
  "or in our messenger.";

/** 504. */
export const GATEWAY_TIMEOUT = "Gateway timeout. Simplify the request or try again later.";

/** Update check failure shown by the monitor. */
export const MONITOR_DEFAULT_MESSAGE =
  "Monitor and updating are not working. Please contact our support.";
