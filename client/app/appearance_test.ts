import assert from "node:assert/strict";
import fc from "fast-check";
import {
  APPEARANCE_KEYS,
  changeAppearance,
  clampFontSizeDelta,
  DEFAULT_APPEARANCE,
  isColorScheme,
  readAppearance,
  writeAppearance,
} from "./appearance.ts";
import { FONT_FAILED_LOG, FONT_TIMEOUT_LOG, loadFont } from "./font_loader.ts";
import { fakeTimers } from "./fake_timers.ts";
import { memoryStore } from "./storage.ts";
import { followSystemTheme, initialTheme, themeStore, toggledTheme, toggleTheme } from "./theme.ts";

Deno.test("appearance: the font-size delta is clamped to -10..10 px", () => {
  assert.equal(clampFontSizeDelta(25), 10);
  assert.equal(clampFontSizeDelta(-11), -10);
  assert.equal(clampFontSizeDelta("3"), 3);
  assert.equal(clampFontSizeDelta("x"), 0);
  fc.assert(fc.property(fc.double(), (n) => {
    const got = clampFontSizeDelta(n);
    return got >= -10 && got <= 10;
  }));
});

Deno.test("appearance: only default, legacy and creative are colour schemes", () => {
  assert.ok(isColorScheme("legacy"));
  assert.equal(isColorScheme("neon"), false);
  const got = changeAppearance(DEFAULT_APPEARANCE, { colorScheme: "neon" as "legacy" });
  assert.equal(got.ok, false);
});

Deno.test("appearance: setting a font that is not configured is rejected", () => {
  const got = changeAppearance(DEFAULT_APPEARANCE, { font: "Comic Sans" as "Inter" });
  assert.deepEqual(got, { ok: false, reason: "Invalid font: Comic Sans" });
  const ok = changeAppearance(DEFAULT_APPEARANCE, { font: "Roboto", fontSizeDelta: 40 });
  assert.deepEqual(ok, {
    ok: true,
    value: { ...DEFAULT_APPEARANCE, font: "Roboto", fontSizeDelta: 10 },
  });
});

Deno.test("appearance: an invalid stored choice is ignored and the default used", () => {
  const store = memoryStore({
    [APPEARANCE_KEYS.colorScheme]: '"neon"',
    [APPEARANCE_KEYS.font]: '"Comic Sans"',
    [APPEARANCE_KEYS.fontSizeDelta]: "99",
  });
  assert.deepEqual(readAppearance(store), { ...DEFAULT_APPEARANCE, fontSizeDelta: 10 });
  assert.equal(readAppearance(memoryStore()).font, "Vela Sans");
});

Deno.test("appearance: settings round-trip through their storage keys", () => {
  const store = memoryStore();
  const value = { colorScheme: "creative", font: "Fira Code", fontSizeDelta: -3 } as const;
  writeAppearance(value, store);
  assert.equal(store.getItem("selectedFont"), '"Fira Code"');
  assert.deepEqual(readAppearance(store), value);
});

Deno.test("appearance: a font that loads in time is applied", async () => {
  const timers = fakeTimers();
  assert.equal(await loadFont(() => Promise.resolve(), { timers, log: () => {} }), true);
});

Deno.test("appearance: a font slower than 3000 ms logs Font loading timed out", async () => {
  const timers = fakeTimers();
  const logs: string[] = [];
  const result = loadFont(() => new Promise(() => {}), { timers, log: (m) => logs.push(m) });
  timers.tick(2999);
  assert.deepEqual(logs, []);
  timers.tick(1);
  assert.equal(await result, false);
  assert.deepEqual(logs, [FONT_TIMEOUT_LOG]);
});

Deno.test("appearance: a failing font logs Font loading failed", async () => {
  const logs: string[] = [];
  const got = await loadFont(() => Promise.reject(new Error("404")), {
    timers: fakeTimers(),
    log: (m) => logs.push(m),
  });
  assert.equal(got, false);
  assert.deepEqual(logs, [FONT_FAILED_LOG]);
});

Deno.test("theme: the stored theme wins, else the system preference", () => {
  assert.equal(initialTheme("dark", false), "dark");
  assert.equal(initialTheme("light", true), "light");
  assert.equal(initialTheme(null, true), "dark");
  assert.equal(initialTheme("purple", false), "light");
  assert.equal(toggledTheme("dark"), "light");
});

Deno.test("theme: following the system again forgets the stored choice", () => {
  const store = memoryStore();
  toggleTheme(store);
  assert.ok(store.getItem("user-theme") !== null);
  // No window here: the system preference reads as light.
  assert.equal(followSystemTheme(store), "light");
  assert.equal(store.getItem("user-theme"), null);
  assert.equal(themeStore.get(), "light");
});
