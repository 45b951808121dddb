/** The fields an integration template fills, in the words of the create forms. */

/** What a template fills, named as the create forms name those fields. */
const FIELD_LABELS: Record<string, string> = {
  externalIdParam: "External id param",
  costParam: "Cost param",
  tokens: "Tokens",
  postbackUrl: "Postback URL",
  postbackStatuses: "Postback statuses",
  offerUrlTemplate: "Offer URL template",
  statusMap: "Status mapping",
  currency: "Currency",
};

/** A template's filled fields as words: "External id param, Tokens". */
export function filledFields(fields: object): string {
  return Object.keys(fields).map((key) => FIELD_LABELS[key] ?? key).join(", ");
}
