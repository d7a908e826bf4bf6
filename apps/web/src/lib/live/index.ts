export { createLiveSocket } from './live-socket';
export type { LiveListener, LiveSocket, LiveSocketOptions, LiveTarget } from './live-socket';
export { useLiveUpdates } from './use-live-updates';
