/**
 * A real nginx in front of test nodes (issue 16): the deployment's own
 * `deploy/nginx/rotor.conf` with its node list and port replaced, run in the
 * foreground from a temporary folder on a port of its own. The system's
 * nginx configuration is never read or touched.
 *
 * When nginx is not installed, `nginxOrSkip` says why and the tests report
 * themselves ignored with that reason; `.ci/run` installs nginx, so CI never skips.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./server.ts";
import { waitFor } from "./wait.ts";

const NGINX = "/usr/sbin/nginx";

/** Why the balancer tests cannot run here, or undefined when they can. */
export function nginxMissing(): string | undefined {
  return existsSync(NGINX)
    ? undefined
    : `nginx is not installed (${NGINX}); apt-get install nginx-light runs these tests`;
}

export type Balancer = { url: string; port: number; stop: () => Promise<void> };

/** The deployment's config for these nodes (`host:port`) and this port. */
export function balancerConfig(nodes: string[], port: number): string {
  const site = Deno.readTextFileSync(join(ROOT, "deploy/nginx/rotor.conf"));
  const servers = nodes.map((n) => `    server ${n} max_fails=1 fail_timeout=10s;`).join("\n");
  const withNodes = site.replace(/^( {4}server 127\.0\.0\.1:\d+ .*\n)+/m, `${servers}\n`);
  if (withNodes === site) throw new Error("deploy/nginx/rotor.conf lists no upstream servers");
  return withNodes.replace(/^( {4})listen 80;$/m, `$1listen 127.0.0.1:${port};`);
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Starts nginx with the deployment's config in front of `nodes`; resolves when it answers. */
export async function startBalancer(nodes: string[]): Promise<Balancer> {
  const dir = await Deno.makeTempDir({ prefix: "rotor-nginx-" });
  const port = freePort();
  const user = Deno.uid() === 0 ? "user root;\n" : "";
  await Deno.writeTextFile(
    join(dir, "nginx.conf"),
    `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/rotor.conf;
}
`,
  );
  await Deno.writeTextFile(join(dir, "rotor.conf"), balancerConfig(nodes, port));
  const child = new Deno.Command(NGINX, {
    args: ["-p", dir, "-c", join(dir, "nginx.conf")],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const errors = () => {
    try {
      return Deno.readTextFileSync(join(dir, "error.log"));
    } catch {
      return "";
    }
  };
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (exited) throw new Error(`nginx exited at start:\n${errors()}`);
    try {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      conn.close();
      return true;
    } catch {
      return false;
    }
  }, { timeoutMs: 30_000, message: "nginx listens" });
  return {
    url,
    port,
    stop: async () => {
      if (!exited) child.kill("SIGQUIT");
      await status;
      await child.stderr.cancel();
      await Deno.remove(dir, { recursive: true });
    },
  };
}
