import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { FakeWebSocket } from '../src/lib/testing/fake-websocket';
import { setViewportWidth } from './viewport';

// The first lazy import of a page pulls MUI into jsdom; on a loaded 2-core machine that can
// take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

beforeEach(() => setViewportWidth(1280));

// jsdom lays nothing out and so has no scrollIntoView; pages call it to bring an item into view.
Element.prototype.scrollIntoView = () => undefined;

// No test talks to a real server. Pages that watch live counters open a socket as they render;
// with jsdom's own WebSocket it would fail to connect and schedule a reconnect that can fire
// after its test file's environment is gone. The fake never connects by itself, so nothing is
// scheduled; socket tests drive it (`FakeWebSocket.last()`) or install their own.
const installFakeWebSocket = () => {
  FakeWebSocket.reset();
  globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
};
installFakeWebSocket();
beforeEach(installFakeWebSocket);
