// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';

/** Feature folders under `dir`, read from disk so a new feature is covered without editing this file. */
function features(dir) {
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
}

/**
 * A feature may use another feature only through that feature's public `index.ts`
 * (its exported service on the server, its selectors and hooks on the web);
 * shared layers (platform, lib, components) never import features.
 */
function boundaryZones(root, sharedLayers) {
  const base = `./${root}/features`;
  const names = features(`${root}/features`);
  const zones = [];
  for (const target of names) {
    for (const other of names) {
      if (other === target) continue;
      zones.push({
        target: `${base}/${target}`,
        from: `${base}/${other}`,
        except: ['./index.ts'],
        message: `Use the public index.ts of feature '${other}', not its internals.`,
      });
    }
  }
  for (const layer of sharedLayers) {
    zones.push({
      target: `./${root}/${layer}`,
      from: base,
      message: `'${layer}' is shared code: it must not depend on a feature.`,
    });
  }
  return zones;
}

/**
 * Only `app/` composes the web app (store, router, shell): features and the shared layers never
 * import it, so code flows app → features → lib/components. Tests may, to render the whole app.
 */
function webAppZones(root, layers) {
  return layers.map((layer) => ({
    target: `./${root}/${layer}/**/!(*.test).{ts,tsx}`,
    from: `./${root}/app`,
    message: `'${layer}' must not import from app/: take shared pieces from lib/ or components/.`,
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/migrations/**',
      'e2e/screenshots/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaryZones('apps/server/src', ['platform']),
            ...boundaryZones('apps/web/src', ['lib', 'components']),
            ...webAppZones('apps/web/src', ['features', 'lib', 'components']),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
