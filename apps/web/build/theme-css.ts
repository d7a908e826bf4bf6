import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { Plugin } from 'vite';
import type * as ThemeModule from '../src/components/mui/theme.ts';

/** A style sheet as MUI's `generateStyleSheets()` gives it: selectors to declarations, nested. */
export interface StyleSheet {
  [selectorOrProperty: string]: StyleSheet | string | number;
}

const property = (name: string) =>
  name.startsWith('--') ? name : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** `sheet` as CSS text: `{ ':root': { colorScheme: 'light', '--x': 1 } }` → `:root{color-scheme:light;--x:1}`. */
export function cssText(sheet: StyleSheet): string {
  let declarations = '';
  let rules = '';
  for (const [key, value] of Object.entries(sheet)) {
    if (typeof value === 'object') rules += `${key}{${cssText(value)}}`;
    else declarations += `${property(key)}:${value};`;
  }
  return declarations + rules;
}

/**
 * Writes the theme's CSS variables (light, and dark under `prefers-color-scheme`) into
 * index.html, where MUI's ThemeProvider would write them while the app starts. The first screens
 * are drawn without MUI and read these variables; MUI's components, loaded with what uses them,
 * read the same ones (`components/mui/theme-provider.tsx` does not write them again).
 */
export function themeCssPlugin(): Plugin {
  // Loaded through Vite, as the app loads it: the theme's own imports are TypeScript sources.
  const themeFile = fileURLToPath(new URL('../src/components/mui/theme.ts', import.meta.url));
  return {
    name: 'agora-theme-css',
    async transformIndexHtml() {
      const { module } = await runnerImport<typeof ThemeModule>(themeFile, {
        configFile: false,
        logLevel: 'warn',
      });
      return [
        {
          tag: 'style',
          attrs: { 'data-theme': 'mui' },
          children: module.theme.generateStyleSheets().map(cssText).join(''),
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
