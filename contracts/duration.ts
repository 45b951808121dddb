/** Durations as people read them, alike in the panel and the CLI. */

/** Prints a duration in seconds as days, hours, minutes, seconds: `1d. 2h. 3m. 4s.` */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const parts: Array<[number, string]> = [
    [Math.floor(seconds / 86400), "d."],
    [Math.floor((seconds % 86400) / 3600), "h."],
    [Math.floor((seconds % 3600) / 60), "m."],
    [seconds % 60, "s."],
  ];
  const shown = parts.filter(([value]) => value > 0).map(([value, unit]) => `${value}${unit}`);
  return shown.length > 0 ? shown.join(" ") : "0s.";
}
