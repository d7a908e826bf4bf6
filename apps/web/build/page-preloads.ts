import { readFile } from 'node:fs/promises';
import { parseAst } from 'vite';
import type { Plugin, Rollup } from 'vite';

/** The file the server reads beside index.html: route pattern → the page's own scripts. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

export interface LazyRoute {
  path: string;
  /** What the route's `lazy` imports, as written. */
  specifier: string;
}

type Node = { type: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* walk(value: unknown): Generator<Node> {
  if (Array.isArray(value)) {
    for (const item of value) yield* walk(item);
  } else if (isNode(value)) {
    yield value;
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'type' && typeof child === 'object') yield* walk(child);
    }
  }
}

const propertyNamed = (object: Node, name: string): Node | undefined =>
  (object.properties as unknown[]).filter(isNode).find((property) => {
    const key = property.key;
    return property.type === 'Property' && isNode(key) && key.name === name;
  });

const stringOf = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string'
    ? node.value
    : undefined;

/**
 * The routes of a route table's source that load their page on first visit: every object with
 * a string `path` and a `lazy` property. A `lazy` written other than `() => import('…')` throws,
 * so no page is left out of the preloads without the build saying so.
 */
export function lazyRoutes(source: string, filename: string): LazyRoute[] {
  const routes: LazyRoute[] = [];
  for (const node of walk(parseAst(source, { lang: 'tsx' }, filename))) {
    if (node.type !== 'ObjectExpression') continue;
    const path = stringOf(propertyNamed(node, 'path')?.value);
    const lazy = propertyNamed(node, 'lazy')?.value;
    if (path === undefined || lazy === undefined) continue;
    const body = isNode(lazy) && lazy.type === 'ArrowFunctionExpression' ? lazy.body : undefined;
    const specifier = isNode(body) && body.type === 'ImportExpression' && stringOf(body.source);
    if (!specifier) {
      throw new Error(`${filename}: the route ${path} must say lazy: () => import('<module>')`);
    }
    routes.push({ path, specifier });
  }
  return routes;
}

/** `from` and every chunk it imports statically, in load order (itself first). */
function withImports(bundle: Rollup.OutputBundle, from: Rollup.OutputChunk): string[] {
  const seen = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(from);
  return [...seen];
}

/**
 * For each route (its page module resolved to a module id), the scripts its page needs that the
 * entry does not already load: the page's chunk and the chunks it imports.
 */
export function pagePreloads(
  bundle: Rollup.OutputBundle,
  routes: { path: string; moduleId: string }[],
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter(
    (output): output is Rollup.OutputChunk => output.type === 'chunk',
  );
  const entry = new Set(
    chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => withImports(bundle, chunk)),
  );
  const preloads: Record<string, string[]> = {};
  for (const { path, moduleId } of routes) {
    const page =
      chunks.find((chunk) => chunk.facadeModuleId === moduleId) ??
      chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
    if (!page) throw new Error(`no chunk holds ${moduleId}, the page of ${path}`);
    preloads[path] = withImports(bundle, page).filter((file) => !entry.has(file));
  }
  return preloads;
}

/**
 * Vite plugin: writes page-preloads.json, each page's own scripts by route pattern, read from
 * the route table `routerFile`. The server names them in that page's HTML (modulepreload), so
 * a first visit fetches the page's code beside the shell's rather than after the shell has run.
 */
export function pagePreloadsPlugin(routerFile: string): Plugin {
  return {
    name: 'agora-page-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const routes = await Promise.all(
        lazyRoutes(await readFile(routerFile, 'utf8'), routerFile).map(
          async ({ path, specifier }) => {
            const resolved = await this.resolve(specifier, routerFile);
            if (!resolved) this.error(`cannot resolve ${specifier}, the page of ${path}`);
            return { path, moduleId: resolved.id };
          },
        ),
      );
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: JSON.stringify(pagePreloads(bundle, routes)),
      });
    },
  };
}
