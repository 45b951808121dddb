/**
 * How the build cuts the signed-in panel into files (decision 140). Left alone, the bundler
 * makes one small chunk per set of lazy parts sharing a module: the campaign list loaded about
 * forty files, each a round trip on a slow link. Here the code that two or more lazy parts of
 * the signed-in panel share goes into one `panel` chunk, except:
 * - what the sign-in path loads (the entry and the sign-in page): it stays where it is, so
 *   sign-in downloads none of the signed-in code (its budget is 120 KB);
 * - code that pulls in a library outside `SHARED_LIBRARIES` (markdown, charts): it rides with
 *   the few parts that use it.
 */
import type { Plugin } from "vite";

/** Libraries that join the `panel` chunk when shared: the list screens all use them. */
const SHARED_LIBRARIES = /[\\/]node_modules[\\/].*[\\/](zod|@tanstack|react-toastify|clsx)[\\/]/;
/** The modules the sign-in page loads up front (with their static imports). */
const SIGN_IN_ROOTS = [/[\\/]client[\\/]main\.tsx$/, /[\\/]client[\\/]auth[\\/]login_page\.tsx$/];

/** A `codeSplitting` group (rolldown). */
export interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  minShareCount: number;
  includeDependenciesRecursively: boolean;
}

/** The plugin that learns the module graph, and the chunk group that reads what it learnt. */
export function panelChunking(): { plugin: Plugin; groups: ChunkGroup[] } {
  const signInPath = new Set<string>();
  const heavy = new Set<string>();
  const plugin: Plugin = {
    name: "rotor-panel-chunking",
    apply: "build",
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const ids = [...this.getModuleIds()];
      const pending = ids.filter((id) => SIGN_IN_ROOTS.some((root) => root.test(id)));
      while (pending.length) {
        const id = pending.pop()!;
        if (signInPath.has(id)) continue;
        signInPath.add(id);
        pending.push(...imports(id));
      }
      // Heavy: a library the panel does not share, or a module that imports one (transitively).
      const ownLibrary = (id: string) =>
        id.includes("node_modules") && !signInPath.has(id) && !SHARED_LIBRARIES.test(id);
      const seen = new Set<string>();
      const visit = (id: string): boolean => {
        if (seen.has(id)) return heavy.has(id);
        seen.add(id);
        if (ownLibrary(id) || imports(id).map(visit).some(Boolean)) heavy.add(id);
        return heavy.has(id);
      };
      ids.forEach(visit);
    },
  };
  const inPanel = (id: string) => {
    if (signInPath.has(id) || heavy.has(id)) return false;
    return id.includes("node_modules")
      ? SHARED_LIBRARIES.test(id)
      : /[\\/](client|contracts)[\\/]/.test(id);
  };
  // Dependencies stay where they are: React belongs to the entry, markdown to its own chunk.
  const panel = {
    name: "panel",
    test: inPanel,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  };
  return { plugin, groups: [panel] };
}
