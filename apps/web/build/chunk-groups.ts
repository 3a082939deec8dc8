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
/**
 * The packages behind the member header (burger, drawer, menus, navigation links, scroll areas)
 * and Home's shared parts (tooltips, badges, avatars, progress, tabs, skeletons): Mantine's
 * component folders, Floating UI and the scroll lock Mantine's drawer uses. A component missing
 * here still works; it only comes as a chunk of its own again.
 */
const MEMBER_PACKAGES =
  /[\\/](@mantine[\\/]core[\\/](esm[\\/]components[\\/](Burger|Drawer|ModalBase|Overlay|FocusTrap|Popover|Menu|NavLink|Collapse|ScrollArea|Tooltip|Transition|VisuallyHidden|Badge|Avatar|Progress|Tabs|Skeleton)[\\/]|esm[\\/]components[\\/](Portal[\\/]OptionalPortal|Accordion[\\/]AccordionChevron|Checkbox[\\/]CheckIcon|Radio[\\/]RadioIcon)\.mjs$|styles[\\/](Burger|Drawer|ModalBase|Overlay|Popover|Menu|NavLink|ScrollArea|Tooltip|VisuallyHidden|Badge|Avatar|Progress|Tabs|Skeleton)\.css$)|@floating-ui[\\/]|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib[\\/])/;
/** Home's own folder: its page chunk keeps it, so other member pages do not load it. */
const inPackage = (id: string) => id.includes(`${path.sep}node_modules${path.sep}`);

const HOME_ONLY = /[\\/]src[\\/]features[\\/]home[\\/]/;

/**
 * What every form uses: react-hook-form and its resolvers. Packages only: a group also takes what
 * its modules import, so an app module here (the form-error helpers import the API errors, which
 * import the message box) pulled the shell's own code into `forms`, and every page — Home too —
 * loaded the form libraries with it (16 KB on Home, found 2026-11-29).
 */
const FORMS = /[\\/](react-hook-form|@hookform)[\\/]/;

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
 *
 * Signed in, every member page shows the member header, and Home is where members land: the
 * header's code, the app modules Home shares with other pages and the packages both use become
 * one `member` chunk (Home made about 45 requests for them, each a round trip on a phone's
 * network). Home's own folder stays in its page chunk.
 */
export function firstVisitGroups(root: string) {
  const entry = path.join(root, 'src/main.tsx');
  let shell: Set<string> | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (MANTINE_BASE.test(id)) return 'mantine';
    if (FORMS.test(id)) return 'forms';
    shell ??= staticClosure(ctx, entry, inPackage);
    return shell.has(id) && !inPackage(id) ? 'shell' : null;
  };
}

/**
 * The `member` chunk (see above). A group of its own, below the first visit's in priority: a
 * group also takes the dependencies of what it captures, so the shell and the Mantine core must
 * be captured first or the member chunk would swallow them and /hello would load it.
 */
export function memberGroup(root: string) {
  const entries = ['src/components/header/member-header.tsx', 'src/features/home/home-page.tsx'].map((p) =>
    path.join(root, p),
  );
  let member: Set<string> | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (MEMBER_PACKAGES.test(id)) return 'member';
    member ??= new Set(entries.flatMap((from) => [...staticClosure(ctx, from, inPackage)]));
    return member.has(id) && !inPackage(id) && !HOME_ONLY.test(id) ? 'member' : null;
  };
}
