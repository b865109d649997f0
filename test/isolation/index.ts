import { API_SPEC_SCENARIOS } from './api-spec.scenarios.js';
import type { IsolationScenarios } from './scenario.js';

/** Every feature's isolation scenarios. The isolation test fails for a tenant operation missing here. */
export const ISOLATION_SCENARIOS: IsolationScenarios = {
  ...API_SPEC_SCENARIOS,
};
