/**
 * `deno task dev`: the server (watching) on 8081 and Vite's dev server on 8080, which proxies
 * the API and tracking paths to it.
 */
import { createServer } from "vite";
import { viteConfig } from "./vite_config.ts";

const SERVER_PORT = 8081;
const PANEL_PORT = 8080;
const PROXIED = ["/api", "/updates", "/c/", "/lp/", "/postback", "/pixel.gif"];

const server = new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    "-A",
    "--watch",
    "server/main.ts",
    "--port",
    String(SERVER_PORT),
    "--data",
    "./data",
  ],
  stdout: "inherit",
  stderr: "inherit",
}).spawn();

const target = `http://localhost:${SERVER_PORT}`;
const vite = await createServer(viteConfig({
  mode: "development",
  server: {
    port: PANEL_PORT,
    strictPort: true,
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target, changeOrigin: false }])),
  },
}));
await vite.listen();
vite.printUrls();

function stop() {
  try {
    server.kill("SIGTERM");
  } catch {
    // already gone
  }
  void vite.close().then(() => Deno.exit(0));
}
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
await server.status;
