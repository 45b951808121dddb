/** Runs wrk pinned to core 1 (warm-up, then the measured run) and reads its figures. */

/** What one wrk run measured. */
export type WrkResult = { rate: number; p50Ms: number; p99Ms: number; errors: number };

function ms(text: string): number {
  const m = /([\d.]+)(us|ms|s)/.exec(text);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
}

async function wrk(
  url: string,
  seconds: number,
  script?: string,
  connections = 64,
): Promise<string> {
  const args = ["-c", "1", "wrk", "-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
  if (script) args.push("-s", script);
  const out = await new Deno.Command("taskset", { args: [...args, url] }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`wrk failed: ${new TextDecoder().decode(out.stderr)}`);
  return text;
}

/** A 3 s warm-up (unless `warm` is false), then `seconds` measured over `connections` (64). */
export async function runWrk(
  url: string,
  options: { seconds: number; script?: string; connections?: number; warm?: boolean },
): Promise<WrkResult> {
  if (options.warm !== false) await wrk(url, 3, options.script, options.connections);
  const text = await wrk(url, options.seconds, options.script, options.connections);
  const non3xx = /Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? "0";
  return {
    rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]),
    p50Ms: ms(/\n\s+50%\s+(\S+)/.exec(text)?.[1] ?? ""),
    p99Ms: ms(/\n\s+99%\s+(\S+)/.exec(text)?.[1] ?? ""),
    errors: Number(non3xx),
  };
}
