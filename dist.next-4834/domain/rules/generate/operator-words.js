const OPERATOR_WORDS = [
  [["multiplied", "by"], "*"],
  [["multiplicado", "por"], "*"],
  [["divided", "by"], "/"],
  [["dividido", "por"], "/"],
  [["dividido", "entre"], "/"],
  [["times"], "*"],
  [["por"], "*"],
  [["plus"], "+"],
  [["mas"], "+"],
  [["minus"], "-"],
  [["menos"], "-"],
  [["over"], "/"],
  [["entre"], "/"]
];
const SINGLE = new Set(OPERATOR_WORDS.flatMap(([words]) => words));
const isOperatorWord = (word) => SINGLE.has(word);
export {
  OPERATOR_WORDS,
  isOperatorWord
};
//# sourceMappingURL=operator-words.js.map
