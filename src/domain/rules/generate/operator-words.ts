/** Words that stand for arithmetic in formulas of both languages (folded: lower case, no accents), longest first. */
export const OPERATOR_WORDS: ReadonlyArray<readonly [string[], string]> = [
  [['multiplied', 'by'], '*'],
  [['multiplicado', 'por'], '*'],
  [['divided', 'by'], '/'],
  [['dividido', 'por'], '/'],
  [['dividido', 'entre'], '/'],
  [['times'], '*'],
  [['por'], '*'],
  [['plus'], '+'],
  [['mas'], '+'],
  [['minus'], '-'],
  [['menos'], '-'],
  [['over'], '/'],
  [['entre'], '/'],
];

const SINGLE = new Set(OPERATOR_WORDS.flatMap(([words]) => words));

/** Whether a folded word may be arithmetic. */
export const isOperatorWord = (word: string) => SINGLE.has(word);
