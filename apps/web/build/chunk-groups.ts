import path from 'node:path';

/** What rolldown's chunking context offers a group's name function (a subset of it). */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `from` imports statically, directly or through others (dynamic imports stop it). */
function staticClosure(ctx: ChunkingContext, from: string, stopAt: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!stopAt(id)) stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Mantine's reset and core (Box, provider, styles API), its hooks and the components every screen shows. */
const MANTINE_BASE =
  /[\\/]@mantine[\\/](hooks[\\/]|core[\\/]styles[\\/](baseline|default-css-variables|global)\.css$|core[\\/]esm[\\/](core|utils|components[\\/](Box|UnstyledButton|Group|Title|CloseButton|ActionIcon|Divider|Input|InputBase|TextInput|PasswordInput))[\\/])/;
/** What every form uses: react-hook-form, its resolvers and the app's form helpers. */
const FORMS = /[\\/](react-hook-form|@hookform)[\\/]|[\\/]src[\\/]lib[\\/]form-errors\.ts$/;

/**
 * Groups the code a first visit needs into a few chunks instead of thirty (decision 0033).
 *
 * Left to itself the bundler gives every module that the entry shares with a lazy page its own
 * chunk: /hello made 30 script requests, most of them under 1 KB of code behind about 1 KB of
 * response headers each. Here the app's own modules that the entry imports statically become one
 * `shell` chunk (the walk stops at packages: a package's index imports everything it offers),
 * Mantine's core and its everyday components one `mantine` chunk and the form libraries one
 * `forms` chunk, which the other form pages share. React and TanStack Query keep their own
 * vendor groups (higher priority).
 */
export function firstVisitGroups(root: string) {
  const entry = path.join(root, 'src/main.tsx');
  const inPackage = (id: string) => id.includes(`${path.sep}node_modules${path.sep}`);
  let shell: Set<string> | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (MANTINE_BASE.test(id)) return 'mantine';
    if (FORMS.test(id)) return 'forms';
    shell ??= staticClosure(ctx, entry, inPackage);
    return shell.has(id) && !inPackage(id) ? 'shell' : null;
  };
}
