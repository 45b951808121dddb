/**
 * A throwaway PostgreSQL cluster for the tests (issue 16, decision 172):
 * `initdb` as the `postgres` user into a temporary folder, its own port on
 * 127.0.0.1, trust authentication, removed when the last user stops it. The
 * system cluster is never touched. One cluster per test process, shared by
 * its tests; each test takes a database of its own (`freshDatabase`).
 *
 * When no PostgreSQL binaries exist (or they cannot run), `postgresOrSkip`
 * says why, and the tests report themselves as ignored with that reason;
 * `.ci/run` installs PostgreSQL, so CI never skips.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "./wait.ts";
import { PgBridge } from "../../server/db/pg/bridge.ts";

const BIN_DIRS = [
  "/usr/lib/postgresql/17/bin",
  "/usr/lib/postgresql/16/bin",
  "/usr/lib/postgresql/15/bin",
];

/** The folder holding `initdb` and `pg_ctl`, if PostgreSQL is installed. */
export function postgresBin(): string | undefined {
  return BIN_DIRS.find((dir) => existsSync(join(dir, "initdb")));
}

export type Cluster = {
  url: (database: string) => string;
  port: number;
  stop: () => Promise<void>;
};

let shared: Promise<Cluster> | undefined;
let users = 0;

async function run(command: string, args: string[], asPostgres: boolean): Promise<string> {
  const [cmd, argv] = asPostgres && Deno.uid() === 0
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
  const out = await new Deno.Command(cmd, { args: argv, stdout: "piped", stderr: "piped" })
    .output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${command} ${args.join(" ")} failed:\n${text}`);
  return text;
}

/** Memory-backed space a cluster may use (a test cluster holds up to a few hundred MB). */
const SHM = "/dev/shm";
const SHM_AT_LEAST_MB = 2048;

/**
 * Where clusters are made: `ROTOR_TEST_PG_DIR` when set, else `/dev/shm` when
 * it has room (a copy of the template there takes ~30 ms, against 0.1–1.4 s
 * on a disk other work shares), else the system's temporary folder.
 */
function clusterParent(): string | undefined {
  const chosen = Deno.env.get("ROTOR_TEST_PG_DIR");
  if (chosen) return chosen;
  try {
    const out = new Deno.Command("df", {
      args: ["--output=avail", "-BM", SHM],
      stdout: "piped",
      stderr: "null",
    }).outputSync();
    const free = Number(/(\d+)M/.exec(new TextDecoder().decode(out.stdout))?.[1] ?? 0);
    if (out.success && free >= SHM_AT_LEAST_MB) return SHM;
  } catch { /* no df: the temporary folder */ }
  return undefined;
}

/** A free TCP port on 127.0.0.1. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

async function start(bin: string): Promise<Cluster> {
  const dir = await Deno.makeTempDir({ dir: clusterParent(), prefix: "rotor-pg-" });
  // initdb refuses to run as root: the folder belongs to the postgres user.
  if (Deno.uid() === 0) await run("chown", ["postgres", dir], false);
  const data = join(dir, "data");
  await run(join(bin, "initdb"), ["-D", data, "-U", "rotor", "--auth=trust", "-E", "UTF8"], true);
  const port = freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await run(
    join(bin, "pg_ctl"),
    ["-D", data, "-o", options, "-l", join(dir, "log"), "start"],
    true,
  );
  await waitFor(async () => {
    const ready = await new Deno.Command(join(bin, "pg_isready"), {
      args: ["-h", "127.0.0.1", "-p", String(port)],
      stdout: "null",
      stderr: "null",
    }).output();
    return ready.success;
  }, { timeoutMs: 60_000, intervalMs: 100, message: "PostgreSQL to accept connections" });
  return {
    port,
    url: (database) => `postgres://rotor@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"], true)
        .catch(() => {});
      await Deno.remove(dir, { recursive: true });
    },
  };
}

/**
 * The shared throwaway cluster, started on first use; `release` stops it when
 * its last user is done.
 */
export async function useCluster(): Promise<{ cluster: Cluster; release: () => Promise<void> }> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed");
  shared ??= start(bin);
  users++;
  const cluster = await shared;
  return {
    cluster,
    release: async () => {
      if (--users > 0) return;
      shared = undefined;
      await cluster.stop();
    },
  };
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresOrSkip(): string | undefined {
  if (!postgresBin()) return "PostgreSQL binaries not found (apt-get install postgresql)";
  if (Deno.uid() === 0) {
    try {
      const id = new Deno.Command("id", {
        args: ["-u", "postgres"],
        stdout: "null",
        stderr: "null",
      })
        .outputSync();
      if (!id.success) return "no postgres user to run initdb as";
    } catch {
      return "cannot look up the postgres user";
    }
  }
  return undefined;
}

/**
 * A test that needs PostgreSQL: it runs against the shared throwaway cluster
 * with a fresh database, or reports itself ignored with the reason printed.
 */
export function postgresTest(
  name: string,
  fn: (t: Deno.TestContext, url: string) => Promise<void>,
): void {
  const reason = postgresOrSkip();
  if (reason) console.warn(`skipped "${name}": ${reason}`);
  Deno.test({
    name,
    ignore: reason !== undefined,
    sanitizeResources: false,
    sanitizeOps: false,
    async fn(t) {
      const { cluster, release } = await useCluster();
      try {
        await fn(t, await freshDatabase(cluster));
      } finally {
        await release();
      }
    },
  });
}

/**
 * A test that needs PostgreSQL but starts its own cluster (a child process
 * running test files on it): reported ignored with the reason, as above.
 */
export function postgresSuite(name: string, fn: (t: Deno.TestContext) => Promise<void>): void {
  const reason = postgresOrSkip();
  if (reason) console.warn(`skipped "${name}": ${reason}`);
  Deno.test({ name, ignore: reason !== undefined, fn });
}

let databases = 0;

/** A new empty database in the shared cluster; its URL. */
export async function freshDatabase(cluster: Cluster): Promise<string> {
  const name = `rotor_test_${Deno.pid}_${++databases}`;
  const bin = postgresBin()!;
  await run(join(bin, "createdb"), [
    "-h",
    "127.0.0.1",
    "-p",
    String(cluster.port),
    "-U",
    "rotor",
    name,
  ], false);
  return cluster.url(name);
}

/**
 * The throwaway cluster for the API tests on PostgreSQL
 * (`ROTOR_TEST_STORE=postgres`, see `tests/helpers/api.ts`), with a migrated
 * template database that each test app copies. A test file started alone
 * starts its own synchronously on first use and stops it when it ends; under
 * `server/db/pg/api_suite_test.ts` every file of the child run shares the
 * suite's cluster, named by `ROTOR_TEST_PG_PORT` (its template already
 * migrated), and drops the databases it made when it ends.
 */
type SyncCluster = { port: number; url: (database: string) => string };
let syncCluster: SyncCluster | undefined;

/** The variable that hands a started cluster (its port) to a child `deno test`. */
export const SHARED_CLUSTER_PORT = "ROTOR_TEST_PG_PORT";

function runSync(command: string, args: string[], asPostgres: boolean): void {
  const [cmd, argv] = asPostgres && Deno.uid() === 0
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
  const out = new Deno.Command(cmd, { args: argv, stdout: "piped", stderr: "piped" }).outputSync();
  if (!out.success) {
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    throw new Error(`${command} ${args.join(" ")} failed:\n${text}`);
  }
}

/** Template database every test database is copied from (migrated once). */
export const TEMPLATE = "rotor_template";

const localUrl = (port: number) => (database: string) =>
  `postgres://rotor@127.0.0.1:${port}/${database}`;

/**
 * Starts a cluster tuned for tests (no fsync, no synchronous commit) with the
 * template database migrated by `migrateTemplate`; `stop` removes it.
 */
export function startTestClusterSync(
  migrateTemplate: (url: string) => void,
): SyncCluster & { stop: () => void } {
  const reason = postgresOrSkip();
  if (reason) throw new Error(`ROTOR_TEST_STORE=postgres: ${reason}`);
  const bin = postgresBin()!;
  const dir = Deno.makeTempDirSync({ dir: clusterParent(), prefix: "rotor-pg-" });
  if (Deno.uid() === 0) runSync("chown", ["postgres", dir], false);
  const data = join(dir, "data");
  runSync(join(bin, "initdb"), ["-D", data, "-U", "rotor", "--auth=trust", "-E", "UTF8"], true);
  const port = freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off ` +
    "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300";
  runSync(
    join(bin, "pg_ctl"),
    ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "start"],
    true,
  );
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      runSync(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"], true);
    } catch { /* already stopped */ }
    Deno.removeSync(dir, { recursive: true });
  };
  const url = localUrl(port);
  runSync(
    join(bin, "createdb"),
    ["-h", "127.0.0.1", "-p", String(port), "-U", "rotor", TEMPLATE],
    false,
  );
  migrateTemplate(url(TEMPLATE));
  return { port, url, stop };
}

/** The databases this file made in a shared cluster, dropped when it ends. */
const made: string[] = [];

function useSyncCluster(migrateTemplate: (url: string) => void): SyncCluster {
  const shared = Number(Deno.env.get(SHARED_CLUSTER_PORT));
  if (shared) {
    globalThis.addEventListener("unload", () => {
      // FORCE ends the file's connections still open; one psql for all of them.
      const drops = made.flatMap((name) => ["-c", `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
      if (drops.length === 0) return;
      try {
        runSync(join(postgresBin()!, "psql"), [
          "-h",
          "127.0.0.1",
          "-p",
          String(shared),
          "-U",
          "rotor",
          "-d",
          "postgres",
          "-q",
          ...drops,
        ], false);
      } catch { /* the suite removes the cluster anyway */ }
    });
    return { port: shared, url: localUrl(shared) };
  }
  const own = startTestClusterSync(migrateTemplate);
  globalThis.addEventListener("unload", own.stop);
  return own;
}

/** Tells this file's databases from those of the other files sharing the cluster. */
const FILE_TAG = `${Deno.pid}_${crypto.randomUUID().slice(0, 8)}`;

/**
 * A new database copied from the migrated template, in the shared cluster or
 * this file's own (started on first call); its URL. `migrateTemplate` runs
 * once, on the template, before any copy, when the cluster is this file's.
 */
export function freshDatabaseSync(migrateTemplate: (url: string) => void): string {
  syncCluster ??= useSyncCluster(migrateTemplate);
  const name = `rotor_test_${FILE_TAG}_${++databases}`;
  // One connection to the cluster makes every copy: a `createdb` process each cost ~4×.
  // FILE_COPY copies the template's files (WAL_LOG, the default, logs every page: ~2× slower).
  admin ??= new PgBridge(syncCluster.url("postgres"));
  admin.exec(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE} STRATEGY FILE_COPY`);
  made.push(name);
  return syncCluster.url(name);
}

/** The connection that copies the template (to the cluster's `postgres` database). */
let admin: PgBridge | undefined;
