import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
/** `.../@mantine/core/esm/components/Button/Button.module.mjs`: the class map of one component. */
const CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/**
 * Each page loads only the Mantine CSS of the components it uses (issue 14, decision 0033).
 *
 * Every Mantine component imports its own class map (`Button.module.mjs`); on build this plugin
 * adds `import '@mantine/core/styles/Button.css'` to that class map, so a component's CSS lands
 * in whichever chunk holds its code and Vite splits the stylesheet per chunk with no list to keep
 * up to date by hand. Components that build on others (PasswordInput on Input) import them, so
 * their CSS follows in dependency order. The dev server pre-bundles Mantine, so there the whole
 * stylesheet is added to the entry instead.
 */
export function mantineCssPerComponent(entry = '/src/main.tsx'): Plugin {
  const stylesDir = path.join(path.dirname(require.resolve('@mantine/core/styles.css')), 'styles');
  let serve = false;
  return {
    name: 'ovation-mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        return id.replace(/\\/g, '/').endsWith(entry) ? `import '@mantine/core/styles.css';\n${code}` : null;
      }
      const name = CLASS_MAP.exec(id)?.[1];
      if (!name || !existsSync(path.join(stylesDir, `${name}.css`))) return null;
      const css = `import '@mantine/core/styles/${name}.css';\n`;
      const directive = /^(['"])use client\1;?\n/.exec(code)?.[0] ?? '';
      return { code: directive + css + code.slice(directive.length), map: null };
    },
  };
}
