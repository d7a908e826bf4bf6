import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setViewportWidth } from './viewport';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

beforeEach(() => setViewportWidth(1280));
