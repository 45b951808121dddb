/**
 * Where the offline databases are: files shipped inside npm packages, found
 * through the import map (deno.json) so they work from any working directory,
 * with `node_modules/` beside the project as a fallback.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The directory of an installed npm package (must be listed in deno.json's imports). */
export function packageDir(name: string): string {
  try {
    return fileURLToPath(new URL(".", import.meta.resolve(`${name}/package.json`)));
  } catch {
    const projectRoot = fileURLToPath(new URL("../../../", import.meta.url));
    return join(projectRoot, "node_modules", name);
  }
}

/** Reads a file of an npm package (or of `dir` when given), with a clear error when missing. */
export function readPackageFile(pkg: string, file: string, dir?: string): Uint8Array {
  const path = join(dir ?? packageDir(pkg), file);
  try {
    return Deno.readFileSync(path);
  } catch (e) {
    throw new Error(`cannot read ${path} (is ${pkg} installed? run \`deno install\`): ${e}`);
  }
}
