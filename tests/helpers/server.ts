/**
 * Starts the real server process (`server/main.ts`) on a free port with its
 * own data folder, for end-to-end and CLI tests. No mocks.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const ADMIN_PASSWORD = "admin-password-e2e";

export type RunningServer = {
  url: string;
  dataDir: string;
  /** Lines the server printed so far. */
  output: string[];
  /** Runs `rotor …` against this server's data folder. */
  cli: (args: string[], stdin?: string) => Promise<CliResult>;
  stop: () => Promise<void>;
};

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs the CLI as a real process. */
export async function runCli(
  args: string[],
  options: { dataDir: string; stdin?: string; env?: Record<string, string> },
): Promise<CliResult> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "cli/main.ts"), "--data", options.dataDir, ...args],
    cwd: ROOT,
    env: options.env,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  if (options.stdin !== undefined) await writer.write(new TextEncoder().encode(options.stdin));
  await writer.close();
  const out = await child.output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: decode(out.stdout), stderr: decode(out.stderr) };
}

/** Starts Rotor on a free port; resolves when it listens. */
export async function startServer(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    args?: string[];
    /** The whole `deno` command line instead of `run -A server/main.ts ARGS` (the start task's). */
    denoArgs?: string[];
  } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? await Deno.makeTempDir({ prefix: "rotor-e2e-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: options.denoArgs ??
      ["run", "-A", join(ROOT, "server/main.ts"), ...(options.args ?? [])],
    cwd: ROOT,
    env: {
      PORT: "0",
      HOST: "127.0.0.1",
      ROTOR_DATA: dataDir,
      ROTOR_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ROTOR_STRICT_ANSWERS: "1",
      ...options.env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.join("\n")}`)),
      // Generous: a busy machine (CI right after a session, other suites) starts a seeded
      // server in seconds, but a starved one took over 30 s.
      180_000,
    );
    const pump = async (stream: ReadableStream<Uint8Array>) => {
      const decoder = new TextDecoder();
      let rest = "";
      for await (const bytes of stream) {
        const parts = (rest + decoder.decode(bytes, { stream: true })).split("\n");
        rest = parts.pop()!;
        for (const line of parts) {
          output.push(line);
          const port = /"event":"listening".*"port":(\d+)/.exec(line)?.[1];
          if (port) {
            clearTimeout(timer);
            resolve(Number(port));
          }
        }
      }
    };
    pump(child.stdout);
    pump(child.stderr);
    child.status.then((s) => reject(new Error(`server exited ${s.code}:\n${output.join("\n")}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output,
    cli: (args, stdin) => runCli(args, { dataDir, stdin }),
    stop: async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
      if (!options.dataDir) await Deno.remove(dataDir, { recursive: true });
    },
  };
}

/** A bare server process: its stdout drained, its stderr shared with ours. */
export type ServerProcess = { url: string; child: Deno.ChildProcess };

/**
 * Runs `deno run -A <script>` (under `taskset -c <cpu>` when `cpu` is given,
 * after the `wrap` command such as `prlimit --nofile=…` when given)
 * on a free port; resolves when it listens. For benchmarks and crash tests
 * that kill or time the process themselves.
 */
export async function spawnServer(
  script: string,
  options: { env?: Record<string, string>; cpu?: string; wrap?: string[] } = {},
): Promise<ServerProcess> {
  const deno = [...(options.wrap ?? []), Deno.execPath(), "run", "-A", script];
  const [command, ...args] = options.cpu ? ["taskset", "-c", options.cpu, ...deno] : deno;
  const child = new Deno.Command(command, {
    args,
    cwd: ROOT,
    env: { PORT: "0", HOST: "127.0.0.1", ...options.env },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening:\n${text}`);
    text += value;
    const port = /"event":"listening".*"port":(\d+)/.exec(text)?.[1];
    if (port) {
      // Keep draining stdout so the server never blocks on a full pipe.
      (async () => {
        while (!(await reader.read().catch(() => ({ done: true }))).done) { /* drain */ }
      })();
      return { url: `http://127.0.0.1:${port}`, child };
    }
  }
}

/** Stops a process of spawnServer with SIGTERM and waits for it. */
export async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill("SIGTERM");
  await server.child.status;
}
