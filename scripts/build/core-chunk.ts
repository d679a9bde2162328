import type { Plugin } from 'vite';

/**
 * Every module that the app's entry imports statically, directly or not, goes into the entry's
 * own chunk. Every page loads that chunk, so a module the entry needs gains nothing from a chunk
 * of its own: left to itself, the bundler cuts the shared code (React's, XState's, the session's)
 * into several files because lazy pages import them too, and each extra file costs a first visit
 * a request and what gzip would have shared. Modules that only lazy pages reach keep their chunks.
 */
export function coreChunk(entry: string): Plugin {
  const core = new Set<string>();
  return {
    name: 'portal-core-chunk',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The boot script's helper for its dynamic import stays out of the app's chunk, or
                // the boot script would load the app statically, before the first paint.
                { name: 'preload-helper', test: /preload-helper/, priority: 2 },
                { name: 'main', test: (id: string) => core.has(id), priority: 1 },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      const entryId = [...this.getModuleIds()].find((id) => id.endsWith(entry));
      if (!entryId) throw new Error(`${entry} is not part of the build`);
      const pending = [entryId];
      while (pending.length > 0) {
        const id = pending.pop();
        // Bundler helpers (virtual modules) stay where the bundler puts them: the boot script uses them too.
        if (id === undefined || id.startsWith('\0') || core.has(id)) continue;
        core.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
