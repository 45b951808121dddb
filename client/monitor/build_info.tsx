/** Developer monitor → Build info: what runs, where, and how the click writer keeps up. */
import useSWR from "swr";
import { MONITOR_ROUTES } from "../../contracts/api/monitor.ts";
import { call } from "../app/api.ts";
import { formatDuration } from "../../contracts/duration.ts";
import { DataState } from "../ui/data_state.tsx";
import { formatBytes } from "../files/format.ts";

function panelBuild(): string {
  const script = document.querySelector<HTMLScriptElement>("script[type=module]");
  return script?.src.split("/").pop() ?? "dev";
}

function when(ms: number): string {
  return ms ? new Date(ms).toLocaleString() : "never";
}

/** The build-info facts, refreshed every 5 s so uptime and the writer's queue move. */
export function BuildInfoTool() {
  const { data, error, isLoading } = useSWR(
    MONITOR_ROUTES.buildInfo.path,
    () => call(MONITOR_ROUTES.buildInfo, {}),
    { refreshInterval: 5000 },
  );
  return (
    <DataState loading={isLoading} error={error}>
      {data && (
        <dl className="facts">
          <dt>Version</dt>
          <dd>{data.version}</dd>
          <dt>Commit</dt>
          <dd>
            <code>{data.commit}</code>
          </dd>
          <dt>Panel built</dt>
          <dd>{data.builtAt ? new Date(data.builtAt).toLocaleString() : "not built"}</dd>
          <dt>Panel bundle</dt>
          <dd>
            <code>{panelBuild()}</code>
          </dd>
          <dt>Started</dt>
          <dd>
            {new Date(data.startedAt).toLocaleString()} (up {formatDuration(data.uptimeSeconds)})
          </dd>
          <dt>Deno</dt>
          <dd>{data.deno} (V8 {data.v8}, TypeScript {data.typescript})</dd>
          <dt>SQLite</dt>
          <dd>{data.sqlite}</dd>
          <dt>Database</dt>
          <dd>{formatBytes(data.databaseBytes)} in {data.dataDir}</dd>
          <dt>Click writer</dt>
          <dd>
            {data.clickWriter
              ? `queue ${data.clickWriter.depth} · ${data.clickWriter.committed} committed · ` +
                `last flush ${when(data.clickWriter.lastFlushAt)}`
              : "not running"}
          </dd>
          <dt>Forward mode</dt>
          <dd>{data.upstream ? `API forwarded to ${data.upstream}` : "off (own store)"}</dd>
          <dt>Geo data</dt>
          <dd>
            This product includes GeoLite2 Data created by MaxMind, available from{" "}
            <a href="https://www.maxmind.com/" rel="noreferrer">maxmind.com</a>{" "}
            (CC BY-SA 4.0, GeoLite2 EULA). ASN data (CC BY 4.0): Route Views, NRO, and{" "}
            <a href="https://db-ip.com" rel="noreferrer">IP Geolocation by DB-IP</a>.
          </dd>
        </dl>
      )}
    </DataState>
  );
}
