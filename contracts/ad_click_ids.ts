/**
 * Click ids the ad platforms append to a landing address (issue 14 item 2):
 * Meta's `fbclid`, Google's `gclid` (and `wbraid`/`gbraid` for iOS app and web
 * measurement), TikTok's `ttclid`, Microsoft's `msclkid`. Each is kept on the
 * click, is a macro of the same name and a report dimension.
 */
export const AD_CLICK_ID_PARAMS = [
  "fbclid",
  "gclid",
  "ttclid",
  "msclkid",
  "wbraid",
  "gbraid",
] as const;

/** One platform click id's parameter name. */
export type AdClickIdParam = typeof AD_CLICK_ID_PARAMS[number];

/** Report labels of the platform click ids. */
export const AD_CLICK_ID_LABELS: Record<AdClickIdParam, string> = {
  fbclid: "Facebook click id (fbclid)",
  gclid: "Google click id (gclid)",
  ttclid: "TikTok click id (ttclid)",
  msclkid: "Microsoft click id (msclkid)",
  wbraid: "Google wbraid",
  gbraid: "Google gbraid",
};
