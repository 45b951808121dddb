/**
 * Waiting on a condition instead of a fixed sleep (STYLE: tests hold on a busy
 * machine): polls until `condition` is true, failing with `message` only after
 * a generous limit.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting: ${options.message ?? "condition never held"}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 20));
  }
}
