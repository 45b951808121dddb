/**
 * Micro-benchmark of click enrichment, run by hand (not a test):
 *   deno run -A tests/bench/enrich.ts
 * Prints µs per call for each building block, cold and cached where it matters.
 */
import {
  clearUserAgentCache,
  detectBot,
  parseUserAgent,
} from "../../server/tracking/enrich/user_agent.ts";
import { lookupGeo, openGeoDatabase } from "../../server/tracking/enrich/geo.ts";
import { lookupIsp, openIspDatabase } from "../../server/tracking/enrich/isp.ts";
import { enrichVisitor } from "../../server/tracking/enrich/visitor.ts";
import { UA } from "../../server/tracking/enrich/test_agents.ts";
import { parseIp } from "../../server/tracking/ip.ts";

const agents = Object.values(UA);
const ips = [
  "81.2.69.142",
  "8.8.8.8",
  "2a00:1450:4001:80b::200e",
  "1.1.1.1",
  "203.0.114.7",
  "5.255.255.5",
];

function time(label: string, n: number, fn: (i: number) => unknown): void {
  for (let i = 0; i < Math.min(n, 2000); i++) fn(i); // warm-up
  const start = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  const us = ((performance.now() - start) * 1000) / n;
  console.log(`${label.padEnd(44)} ${us.toFixed(2).padStart(8)} µs/call`);
}

let t = performance.now();
openGeoDatabase();
console.log(
  `load geo mmdb                                 ${(performance.now() - t).toFixed(0)} ms`,
);
t = performance.now();
openIspDatabase();
console.log(
  `load ASN ranges                               ${(performance.now() - t).toFixed(0)} ms`,
);

// Cold: a different string each call (a suffix defeats the cache, parsing cost is the same).
let k = 0;
time("parseUserAgent (cold, uncached)", 20_000, (i) => {
  if (i % 1000 === 0) clearUserAgentCache();
  return parseUserAgent(`${agents[i % agents.length]} r/${k++}`);
});
time("parseUserAgent (cached)", 1_000_000, (i) => parseUserAgent(agents[i % agents.length]));
time("detectBot (cold, uncached)", 20_000, (i) => {
  if (i % 1000 === 0) clearUserAgentCache();
  return detectBot(`${agents[i % agents.length]} r/${k++}`);
});
time("detectBot (cached)", 1_000_000, (i) => detectBot(agents[i % agents.length]));
time("lookupGeo (string)", 500_000, (i) => lookupGeo(ips[i % ips.length]));
const parsed = ips.map((ip) => parseIp(ip)!);
time("lookupGeo (parsed)", 500_000, (i) => lookupGeo(parsed[i % parsed.length]));
time("lookupIsp (parsed)", 500_000, (i) => lookupIsp(parsed[i % parsed.length]));
time("enrichVisitor (UA cached)", 300_000, (i) =>
  enrichVisitor({
    ip: ips[i % ips.length],
    userAgent: agents[i % agents.length],
    acceptLanguage: "en-US,en;q=0.9",
    referrer: "https://news.example/",
    now: 1_780_000_000_000 + i,
  }));
