/** The benchmark's baseline: a bare Hono route answering 302, in the same Deno. */
import { Hono } from "hono";

const app = new Hono().get("/c/:key", (c) => c.redirect("https://offer.example.com/?c=1", 302));
Deno.serve({
  port: Number(Deno.env.get("PORT") ?? 0),
  hostname: "127.0.0.1",
  onListen: ({ port }) => console.log(JSON.stringify({ event: "listening", port })),
}, app.fetch);
