import assert from "node:assert/strict";
import { parseCsv } from "./parse.ts";

Deno.test("csv import: quoted commas, quotes and line breaks stay in their cell; blank lines go", () => {
  const rows = parseCsv('a,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n');
  assert.deepEqual(rows, [
    { line: 1, cells: ["a", "b"] },
    { line: 2, cells: ["x, y", 'say "hi"'] },
    { line: 4, cells: ["two\nlines", "z"] },
  ]);
});

Deno.test("csv import: an unclosed quote names its line", () => {
  assert.throws(() => parseCsv('a\n"open,b\n'), /line 2/);
});
