/**
 * `/ws/live/`: live counters (a poll's tallies, likes, comments) of the objects on screen, for
 * every kind with a `live` hook; see live.plugin.ts and docs/architecture.md.
 */
export { livePlugin, type LivePluginOptions } from './live.plugin';
