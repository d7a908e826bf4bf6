import type { Database } from '../db';
import type { ContentFeed } from './content-feed';
import type {
  ContentCleaner,
  ContentKind,
  ContentKinds,
  ContentRef,
  ContentRegistryView,
} from './content-kind';

/**
 * Every kind of content, by model name, and every generic module's clean-up. Built once at
 * start from the list in `content-kinds.ts`; read-only afterwards.
 */
export class ContentRegistry implements ContentRegistryView {
  readonly #kinds = new Map<string, ContentKind>();
  readonly #cleaners: ContentCleaner[];

  constructor(features: ContentKinds[], cleaners: ContentCleaner[]) {
    const kindOf = (model: string) => this.kind(model);
    const kinds = features.flatMap((kinds) => (Array.isArray(kinds) ? kinds : kinds(kindOf)));
    for (const kind of kinds) {
      if (this.#kinds.has(kind.model)) throw new Error(`content kind '${kind.model}' twice`);
      this.#kinds.set(kind.model, kind);
    }
    this.#cleaners = cleaners;
  }

  /** The kind of `model`; a model the API lets through but nothing registered is a bug. */
  kind(model: string): ContentKind {
    const kind = this.#kinds.get(model);
    if (!kind) throw new Error(`no content kind '${model}' is registered`);
    return kind;
  }

  /** The feed of `model`: undefined when no kind is registered under it or it has none. */
  feed(model: string): ContentFeed | undefined {
    return this.#kinds.get(model)?.feed;
  }

  kinds(): ContentKind[] {
    return [...this.#kinds.values()];
  }

  /** The model likes and bookmarks of `model` are kept under. */
  markModel(model: string): string {
    return this.kind(model).markModel ?? model;
  }

  /** The web page of an object. */
  path(ref: ContentRef): string {
    return this.kind(ref.model).path(ref, (host) => this.path(host));
  }

  /** The application an object belongs to: a comment's is its host's. */
  appLabel(ref: ContentRef): string {
    return this.kind(ref.host?.model ?? ref.model).appLabel;
  }

  /**
   * Call inside the transaction that deletes objects of `model`, before deleting them: every
   * module removes what it keeps about them (likes, bookmarks, comments, reports,
   * notifications), and owned objects such as comments are cleaned the same way.
   */
  async deleted(tx: Database, model: string, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const kind = this.kind(model);
    for (const clean of this.#cleaners) await clean(tx, { kind, ids }, this);
  }
}
