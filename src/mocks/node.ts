/**
 * The mock for Vitest: MSW's Node server with every handler, and the controls. No latency
 * and no persistence; tests/setup/dom.ts calls `mock.reset()` before each test.
 */
import { setupServer } from 'msw/node';
import { createMockControls } from './controls';
import { handlers } from './handlers';

export const server = setupServer(...handlers);

export const mock = createMockControls({ latency: 0 });
mock.reset();
