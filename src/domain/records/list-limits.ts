/** Limits of the records list, read by the operations and by the tenant's REST spec alike. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;
/** Values of one `in` filter. */
export const MAX_IN_VALUES = 100;
/** Groups one grouped aggregate answers: default, and the cap (larger limits are clamped). */
export const DEFAULT_AGGREGATE_GROUPS = 100;
export const MAX_AGGREGATE_GROUPS = 1000;
/** Upper bound of a list's `after` cursor (the sort value of a long text field fits). */
export const MAX_CURSOR_LENGTH = 4096;
