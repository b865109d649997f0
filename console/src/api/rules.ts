import { api, data } from './client.ts';
import type { Answer, Body } from './answers.ts';

export type Rule = Answer<'get_business_rule'>;
export type RuleTestResult = Answer<'test_business_rule'>;
export type RuleRunPage = Answer<'list_rule_runs'>;
export type RuleRun = RuleRunPage['data'][number];
export type TriggerType = Rule['triggerType'];

/** A rule as create_business_rule takes it (the first shape of docs/rules.md). */
export interface RuleInput {
  name?: string;
  triggerType: TriggerType;
  triggerFields?: string[];
  ruleDsl: unknown;
}

export const listRules = (entityName: string) =>
  data<unknown>()(api.GET('/api/entities/{entityName}/rules', { params: { path: { entityName } } }));

export const createRule = (entityName: string, rule: RuleInput, publish: boolean) =>
  data<unknown>()(api.POST('/api/entities/{entityName}/rules', { params: { path: { entityName } }, body: { ...rule, publish } }));

export const publishRule = (ruleId: string) => data<unknown>()(api.POST('/api/rules/{ruleId}/publish', { params: { path: { ruleId } } }));

export const deleteRule = (ruleId: string) => data<unknown>()(api.DELETE('/api/rules/{ruleId}', { params: { path: { ruleId } } }));

/** Runs a stored rule (`ruleId`) or an unsaved one (`entityName` + the rule) on sample data; writes nothing. */
export type RuleUnderTest = { ruleId: string } | ({ entityName: string } & RuleInput);

export const testRule = (rule: RuleUnderTest, sampleData: Record<string, unknown>) =>
  data<unknown>()(api.POST('/api/rules/test', { body: { ...rule, sampleData } as Body<'test_business_rule'> }));

export const listRuleRuns = (query: { entityName?: string; ruleId?: string; page: number; limit: number }) =>
  data<unknown>()(api.GET('/api/rule-runs', { params: { query } }));
