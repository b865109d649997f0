/**
 * A rule as generate_business_rule proposes it, in the first shape of create_business_rule
 * (`{ name, triggerType, triggerFields, ruleDsl }`); create validates and normalizes it.
 */
export interface GeneratedRule {
  name: string;
  triggerType: 'before_save' | 'field_change';
  triggerFields: string[];
  ruleDsl: {
    compute?: Record<string, { type: 'formula'; expression: string }>;
    validate?: Array<{ id: string; condition: string; message: string; severity: 'error' }>;
    transform?: Record<
      string,
      | { type: 'lowercase' | 'uppercase' | 'trim' }
      | { type: 'round'; decimals: number }
      | { type: 'default'; value: string | number | boolean }
    >;
  };
}
