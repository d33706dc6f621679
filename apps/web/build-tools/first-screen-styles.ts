import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_PAGES, PUBLIC_PAGES } from './first-screen-chunks.ts';

const COMPONENT = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/;

/**
 * Fails the build when a Mantine component in the first screens' chunk, or in a public screen's
 * (sign-up, forgot password, confirm, legal: they load no full stylesheet either, app/router.tsx),
 * has a stylesheet that src/app/first-screen.css does not import: that component would show
 * unstyled on that screen until another page loads Mantine's full stylesheet.
 */
export function firstScreenStyles(webRoot: string): Plugin {
  const cssFile = resolve(webRoot, 'src/app/first-screen.css');
  const stylesDir = join(dirname(createRequire(cssFile).resolve('@mantine/core/styles.css')), 'styles');
  return {
    name: 'shopdesk:first-screen-styles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imported = readFileSync(cssFile, 'utf8');
      // The entry, the login and home pages' chunks, and every chunk they import statically: what
      // the first screens load.
      const pages = [...Object.values(FIRST_SCREEN_PAGES), ...Object.values(PUBLIC_PAGES)].map((page) =>
        resolve(webRoot, page),
      );
      const first = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (first.has(file) || chunk?.type !== 'chunk') return;
        first.add(file);
        chunk.imports.forEach(visit);
      };
      for (const [file, chunk] of Object.entries(bundle))
        if (chunk.type === 'chunk' && (chunk.isEntry || chunk.moduleIds.some((id) => pages.includes(id)))) visit(file);
      const code = [...first].map((file) => (bundle[file]?.type === 'chunk' ? bundle[file].code : '')).join('\n');
      // Some component folders also hold shared pieces (Accordion's chevron in NavLink, Checkbox's
      // check icon in Combobox): their stylesheet is needed only if the code uses one of its classes.
      const classesUsed = (css: string) =>
        [...new Set(css.match(/\.m_[0-9a-f]{8}/g) ?? [])].some((c) => code.includes(c.slice(1)));
      const missing = new Set<string>();
      for (const file of first) {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk') continue;
        for (const id of Object.keys(chunk.modules)) {
          const name = COMPONENT.exec(id)?.[1];
          if (!name || missing.has(name) || imported.includes(`styles/${name}.css'`)) continue;
          const css = join(stylesDir, `${name}.css`);
          if (existsSync(css) && classesUsed(readFileSync(css, 'utf8'))) missing.add(name);
        }
      }
      if (missing.size) {
        this.error(
          `src/app/first-screen.css lacks the styles of ${[...missing].join(', ')}, used on the first screens: ` +
            `add @import '@mantine/core/styles/<Name>.css' for each, in the order of @mantine/core/styles.css.`,
        );
      }
    },
  };
}
