import { recordScenarios } from './records.scenarios.js';
import type { IsolationScenarios } from './scenario.js';

/** Every feature's isolation scenarios. The isolation test fails for a tenant operation missing here. */
export const ISOLATION_SCENARIOS: IsolationScenarios = {
  ...recordScenarios,
};
