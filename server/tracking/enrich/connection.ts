/**
 * Connection type of a visitor's network (decision 122): `cellular` (a mobile
 * carrier), `hosting` (a data centre or cloud: rarely a person) or
 * `broadband` (any other network the ASN data knows); "" when the address is
 * unknown. A curated list of AS numbers decides first, then patterns on the
 * organisation name of the shipped ASN data.
 */
import curated from "./connection_asns.json" with { type: "json" };

/** The values a `connection` criterion and the report dimension take. */
export const CONNECTION_TYPES = ["cellular", "broadband", "hosting"] as const;
export type ConnectionType = typeof CONNECTION_TYPES[number] | "";

const BY_ASN = new Map<number, ConnectionType>([
  ...curated.cellular.map((asn) => [asn, "cellular"] as const),
  ...curated.hosting.map((asn) => [asn, "hosting"] as const),
]);

const CELLULAR =
  /\b(mobile|mobil|movil|móvil|wireless|cellular|cellco|gsm|lte|telecel|mobility)\b/i;
const HOSTING =
  /\b(hosting|host|hoster|server|servers|data ?cent(er|re)s?|datacenter|colo(cation)?|cloud|vps|dedicated)\b/i;

const decided = new Map<number, ConnectionType>();

/** The connection type of an AS (cached per AS: one answer per AS and organisation name). */
export function connectionType(asn: number | null, organisation: string): ConnectionType {
  if (asn === null) return "";
  let type = decided.get(asn);
  if (type === undefined) {
    type = BY_ASN.get(asn) ??
      (CELLULAR.test(organisation)
        ? "cellular"
        : HOSTING.test(organisation)
        ? "hosting"
        : "broadband");
    decided.set(asn, type);
  }
  return type;
}
