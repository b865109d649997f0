import { AGGREGATE_SCENARIOS } from './aggregates.scenarios.js';
import { API_SPEC_SCENARIOS } from './api-spec.scenarios.js';
import { CHANNEL_SCENARIOS } from './channels.scenarios.js';
import { BOT_SCENARIOS } from './bots.scenarios.js';
import { ENTITY_SCENARIOS } from './entities.scenarios.js';
import { recordScenarios } from './records.scenarios.js';
import { RULE_GENERATION_SCENARIOS } from './rule-generation.scenarios.js';
import { RULE_SCENARIOS } from './rules.scenarios.js';
import type { IsolationScenarios } from './scenario.js';
import { SITE_SCENARIOS } from './sites.scenarios.js';
import { USER_SCENARIOS } from './users.scenarios.js';

/** Every feature's isolation scenarios. The isolation test fails for a tenant operation missing here. */
export const ISOLATION_SCENARIOS: IsolationScenarios = {
  ...API_SPEC_SCENARIOS,
  ...ENTITY_SCENARIOS,
  ...recordScenarios,
  ...USER_SCENARIOS,
  ...AGGREGATE_SCENARIOS,
  ...CHANNEL_SCENARIOS,
  ...BOT_SCENARIOS,
  ...RULE_SCENARIOS,
  ...RULE_GENERATION_SCENARIOS,
  ...SITE_SCENARIOS,
};
