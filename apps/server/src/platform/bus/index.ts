export type { Bus, BusHandler, JsonValue, Unsubscribe } from './bus';
export { busPlugin } from './bus.plugin';
export { domainEvents, type DomainEvents, type EventQueue } from './domain-events';
