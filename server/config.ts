/**
 * Configuration, parsed once at start from env and flags (STYLE 15).
 * Flags win over env. A bad value stops the start with a clear message.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { parseCidr } from "./tracking/ip.ts";

const Bool = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  ROTOR_DATA: z.string().min(1).default("./data"),
  /** PostgreSQL instead of the data folder's SQLite file (issue 16, decision 172). */
  ROTOR_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  /** This node's name among several on one PostgreSQL database (default: the host's name). */
  ROTOR_NODE_ID: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "1–64 letters, digits, '.', '_' or '-'")
    .optional(),
  ROTOR_ADMIN_USER: z.string().trim().min(1).max(255).default("admin"),
  ROTOR_ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").max(1024).optional(),
  ROTOR_TRUST_PROXY: Bool.default(false),
  ROTOR_UPDATE_MANIFEST_URL: z.url({ protocol: /^https?$/ }).optional(),
  ROTOR_SEED: Bool.default(false),
  /** Forward mode: serve the panel, proxy `/api/*` and `/updates/check` to this tracker. */
  ROTOR_UPSTREAM: z.url({ protocol: /^https?$/ }).optional(),
  /** Forward mode: seconds the upstream may take to answer before a 504. */
  ROTOR_UPSTREAM_TIMEOUT: z.coerce.number().positive().max(600).default(30),
  /** Seconds a client may take to send a request's headers (slow or idle connections end). */
  ROTOR_HEADERS_TIMEOUT: z.coerce.number().positive().max(600).default(15),
  /** Open connections at most; 0: the file-descriptor limit less a reserve. */
  ROTOR_MAX_CONNECTIONS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Checks every JSON answer against its route's declared schema (tests; decision 171). */
  ROTOR_STRICT_ANSWERS: Bool.default(false),
  /** Internal addresses (comma-separated CIDRs) the ECB rates feed may be fetched from. */
  ROTOR_FEED_ALLOW: z.string().default("").transform((v) => v.split(",").map((c) => c.trim()))
    .transform((list) => list.filter((c) => c !== ""))
    .refine(
      (list) =>
        list.every((c) =>
          parseCidr(c.includes("/") ? c : `${c}/${c.includes(":") ? 128 : 32}`) !== null
        ),
      {
        message: "must be IPv4/IPv6 addresses or CIDRs, comma-separated",
      },
    ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…`: the store is PostgreSQL; absent: SQLite in `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL: this node's name (its clicks and rollup watermark); absent: the host's name. */
  nodeId?: string;
  adminUser: string;
  adminPassword?: string;
  trustProxy: boolean;
  updateManifestUrl?: string;
  seed: boolean;
  upstream?: string;
  /** Forward mode: milliseconds the upstream may take to start answering. */
  upstreamTimeoutMs: number;
  /** Time to receive a request's headers; also the idle keep-alive limit. */
  headersTimeoutMs: number;
  /** Open connections at most (0: from the file-descriptor limit). */
  maxConnections: number;
  /** JSON answers checked against their declared schemas (tests). */
  strictAnswers: boolean;
  /** CIDRs of internal addresses the ECB feed fetch may reach (default none: public only). */
  feedAllow: string[];
};

const FLAGS = {
  port: "PORT",
  host: "HOST",
  data: "ROTOR_DATA",
  "trust-proxy": "ROTOR_TRUST_PROXY",
  seed: "ROTOR_SEED",
  database: "ROTOR_DATABASE_URL",
  node: "ROTOR_NODE_ID",
} as const;

/** Thrown with every problem listed, one per line. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses env and command-line flags (`--port 8080 --host 127.0.0.1 --data ./data --seed --database postgres://…`). */
export function parseConfig(env: Record<string, string | undefined>, args: string[] = []): Config {
  let flags: Record<string, string | boolean | undefined>;
  try {
    flags = parseArgs({
      args,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        data: { type: "string" },
        "trust-proxy": { type: "boolean" },
        seed: { type: "boolean" },
        database: { type: "string" },
        node: { type: "string" },
      },
      strict: true,
    }).values;
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${(err as Error).message}`);
  }
  const input: Record<string, string | undefined> = {};
  // An empty variable counts as unset (`ROTOR_ADMIN_PASSWORD= deno task start`).
  for (const key of Object.keys(ConfigSchema.shape)) input[key] = env[key] || undefined;
  for (const [flag, key] of Object.entries(FLAGS)) {
    const value = flags[flag];
    if (value !== undefined) input[key] = String(value);
  }
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const v = parsed.data;
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: v.ROTOR_DATA,
    databaseUrl: v.ROTOR_DATABASE_URL,
    nodeId: v.ROTOR_NODE_ID,
    adminUser: v.ROTOR_ADMIN_USER,
    adminPassword: v.ROTOR_ADMIN_PASSWORD,
    trustProxy: v.ROTOR_TRUST_PROXY,
    updateManifestUrl: v.ROTOR_UPDATE_MANIFEST_URL,
    seed: v.ROTOR_SEED,
    upstream: v.ROTOR_UPSTREAM,
    upstreamTimeoutMs: Math.round(v.ROTOR_UPSTREAM_TIMEOUT * 1000),
    headersTimeoutMs: Math.round(v.ROTOR_HEADERS_TIMEOUT * 1000),
    maxConnections: v.ROTOR_MAX_CONNECTIONS,
    strictAnswers: v.ROTOR_STRICT_ANSWERS,
    feedAllow: v.ROTOR_FEED_ALLOW,
  };
}
