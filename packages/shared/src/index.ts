export * from './constants';
export * from './errors';
export * from './health';
export * from './auth';
export * from './chat';
export * from './notifications';
export * from './ws';
