export type { Bus, BusHandler, JsonValue, Unsubscribe } from './bus';
export { busPlugin } from './bus.plugin';
