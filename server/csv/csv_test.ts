import assert from "node:assert/strict";
import fc from "fast-check";
import { csvCell, csvLine, csvStream, toCsv } from "./csv.ts";

Deno.test("csv: cells a spreadsheet would run as formulas get a leading quote", async (t) => {
  for (
    const [input, output] of [
      ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
      ["+1+1", "'+1+1"],
      ["-2+3", "'-2+3"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tcmd", "'\tcmd"],
      ["\rcmd", '"\'\rcmd"'],
    ]
  ) {
    await t.step(JSON.stringify(input), () => assert.equal(csvCell(input), output));
  }
  await t.step("numbers stay numbers, also negative ones", () => {
    assert.equal(csvCell(-12.5), "-12.5");
    assert.equal(csvCell(null), "");
  });
});

Deno.test("csv: RFC 4180 quoting round-trips any text", () => {
  // A minimal RFC 4180 reader for one line of quoted or bare fields.
  function parse(line: string): string[] {
    const out: string[] = [];
    let i = 0;
    while (i <= line.length) {
      if (line[i] === '"') {
        let value = "";
        i++;
        while (i < line.length) {
          if (line[i] === '"' && line[i + 1] === '"') (value += '"'), (i += 2);
          else if (line[i] === '"') break;
          else value += line[i++];
        }
        out.push(value);
        i += 2;
      } else {
        const end = line.indexOf(",", i);
        out.push(line.slice(i, end < 0 ? line.length : end));
        i = end < 0 ? line.length + 1 : end + 1;
      }
    }
    return out;
  }
  fc.assert(
    fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (cells) => {
      const line = csvLine(cells);
      assert.ok(line.endsWith("\r\n"));
      const back = parse(line.slice(0, -2));
      assert.deepEqual(back, cells.map((c) => /^[=+\-@\t\r]/.test(c) ? `'${c}` : c));
    }),
  );
});

Deno.test("csv: a stream sends the header, then one batch at a time", async () => {
  let produced = 0;
  function* pages() {
    for (let i = 0; i < 3; i++) {
      produced++;
      yield [[i, `row ${i}`]];
    }
  }
  const stream = csvStream(["n", "name"], pages());
  const text = await new Response(stream).text();
  assert.equal(text, toCsv(["n", "name"], [[0, "row 0"], [1, "row 1"], [2, "row 2"]]));
  assert.equal(produced, 3);
});
