/**
 * Writes `name.br` and `name.gz` next to every text file of the build, so the server sends
 * compressed bytes without compressing per request (docs/decisions/140).
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { join } from "node:path";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
/** Smaller files gain nothing worth a second file. */
const MIN_BYTES = 512;

/** Compresses every compressible file under `dir` (recursively); returns how many. */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) {
      count += await precompress(path);
      continue;
    }
    if (!entry.isFile || !COMPRESSIBLE.test(entry.name)) continue;
    const bytes = await Deno.readFile(path);
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    await Deno.writeFile(`${path}.br`, br);
    await Deno.writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}
