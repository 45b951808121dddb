/**
 * The monitor (admins only): the server's live health, and the developer
 * monitor's build info, live log stream, seed job and clicker.
 */
import { route } from "../route.ts";
import { Health } from "../monitor_health.ts";
import {
  BuildInfo,
  ClickerInput,
  ClickerJob,
  ClickerScenarios,
  MessagesQuery,
  SeedJob,
} from "../monitor.ts";

const tag = "Monitor";
const access = ["user", "write"] as const;
const refusal = "Only admins use the developer monitor";

export const MONITOR_ROUTES = {
  health: route({
    method: "get",
    path: "/api/monitor/health",
    tag,
    summary:
      "Live health: click throughput, click writer, rollups, database and WAL, S2S queue, reads, memory, backups",
    access,
    refusal: "Only admins see the server's health",
    answer: Health,
  }),
  buildInfo: route({
    method: "get",
    path: "/api/monitor/build-info",
    tag,
    summary: "Version, runtime and click-writer figures",
    access,
    refusal,
    answer: BuildInfo,
  }),
  messages: route({
    method: "get",
    path: "/api/monitor/messages",
    tag,
    summary: "Live server log lines (Server-Sent Events)",
    access,
    refusal,
    query: MessagesQuery,
    answerType: "text/event-stream",
  }),
  seed: route({
    method: "get",
    path: "/api/monitor/seed",
    tag,
    summary: "The seed job",
    access,
    refusal,
    answer: SeedJob,
  }),
  startSeed: route({
    method: "post",
    path: "/api/monitor/seed",
    tag,
    summary: "Load the fixture set",
    access,
    refusal,
    answer: SeedJob,
    status: 202,
  }),
  scenarios: route({
    method: "get",
    path: "/api/monitor/clicker/scenarios",
    tag,
    summary: "Scenarios the clicker can run",
    access,
    refusal,
    answer: ClickerScenarios,
  }),
  clicker: route({
    method: "get",
    path: "/api/monitor/clicker",
    tag,
    summary: "The clicker job",
    access,
    refusal,
    answer: ClickerJob,
  }),
  startClicker: route({
    method: "post",
    path: "/api/monitor/clicker",
    tag,
    summary: "Run a simulation scenario against this server (needs ROTOR_TRUST_PROXY=1)",
    access,
    refusal,
    body: ClickerInput,
    answer: ClickerJob,
    status: 202,
  }),
};
