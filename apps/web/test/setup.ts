import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setViewportWidth } from './viewport';

// The first lazy import of a page pulls MUI into jsdom; on a loaded 2-core machine that can
// take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

beforeEach(() => setViewportWidth(1280));

// jsdom lays nothing out and so has no scrollIntoView; pages call it to bring an item into view.
Element.prototype.scrollIntoView = () => undefined;
