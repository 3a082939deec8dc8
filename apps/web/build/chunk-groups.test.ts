import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstVisitGroups, memberGroup } from './chunk-groups.ts';

const root = '/app/web';
const src = (p: string) => path.join(root, 'src', p);
const pkg = (p: string) => path.join(root, 'node_modules', p);

/** A small module graph shaped like the app's: the entry, the shell, the header, Home and a page. */
const graph: Record<string, string[]> = {
  [src('main.tsx')]: [src('app/router.tsx')],
  [src('app/router.tsx')]: [src('lib/api-client.ts'), pkg('@mantine/core/esm/index.mjs')],
  [src('lib/api-client.ts')]: [],
  [src('components/header/member-header.tsx')]: [
    src('lib/api-client.ts'),
    src('api/live.ts'),
    pkg('@mantine/core/esm/index.mjs'),
  ],
  [src('api/live.ts')]: [],
  [src('features/home/home-page.tsx')]: [
    src('features/home/components/banner-carousel.tsx'),
    src('components/social/member-identity.tsx'),
  ],
  [src('features/home/components/banner-carousel.tsx')]: [],
  [src('components/social/member-identity.tsx')]: [],
  [src('features/reports/report-page.tsx')]: [src('features/reports/report-table.tsx')],
  [src('features/reports/report-table.tsx')]: [],
  [pkg('@mantine/core/esm/index.mjs')]: [],
};
const ctx = { getModuleInfo: (id: string) => ({ importedIds: graph[id] ?? [] }) };

describe('first-visit and member chunk groups', () => {
  const first = firstVisitGroups(root);
  const member = memberGroup(root);

  it('puts the entry’s own modules in the shell and Mantine’s core in its chunk', () => {
    expect(first(src('lib/api-client.ts'), ctx)).toBe('shell');
    expect(first(pkg('@mantine/core/esm/core/MantineProvider/MantineProvider.mjs'), ctx)).toBe('mantine');
    expect(first(src('api/live.ts'), ctx)).toBeNull();
  });

  it('puts only the form packages in the forms chunk, never an app module that would drag the shell in', () => {
    expect(first(pkg('react-hook-form/dist/index.esm.mjs'), ctx)).toBe('forms');
    expect(first(pkg('@hookform/resolvers/zod/dist/zod.mjs'), ctx)).toBe('forms');
    // The form helpers import the API errors and so the message box: as a `forms` module they
    // pulled those into the chunk, and every page (Home too) loaded the form libraries.
    expect(first(src('lib/form-errors.ts'), ctx)).toBeNull();
  });

  it('puts the header, what Home shares and their packages in the member chunk', () => {
    expect(member(src('components/header/member-header.tsx'), ctx)).toBe('member');
    expect(member(src('api/live.ts'), ctx)).toBe('member');
    expect(member(src('components/social/member-identity.tsx'), ctx)).toBe('member');
    expect(member(pkg('@mantine/core/esm/components/Menu/Menu.mjs'), ctx)).toBe('member');
    expect(member(pkg('@mantine/core/styles/Tooltip.css'), ctx)).toBe('member');
    expect(member(pkg('@floating-ui/dom/dist/floating-ui.dom.mjs'), ctx)).toBe('member');
  });

  it('leaves Home’s own folder, other pages and the shell’s Portal out of it', () => {
    expect(member(src('features/home/components/banner-carousel.tsx'), ctx)).toBeNull();
    expect(member(src('features/reports/report-table.tsx'), ctx)).toBeNull();
    // The shell's toasts use Portal: in the member chunk it would make /hello load that chunk.
    expect(member(pkg('@mantine/core/esm/components/Portal/Portal.mjs'), ctx)).toBeNull();
    expect(member(pkg('@mantine/core/esm/components/Portal/OptionalPortal.mjs'), ctx)).toBe('member');
  });
});
