import { afterAll, afterEach } from 'vitest';
import { assertNoRouterViolations } from './tap.js';

// Fails the test during which the service sent a statement the router check refused — even when
// the service swallowed the error — and the file, for statements of its before/after hooks.
afterEach(assertNoRouterViolations);
afterAll(assertNoRouterViolations);
