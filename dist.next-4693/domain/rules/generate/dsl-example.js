const NUMERIC = /* @__PURE__ */ new Set(["number", "integer"]);
function dslExample(fields) {
  const numbers = fields.filter((f) => NUMERIC.has(f.fieldType)).map((f) => f.fieldKey);
  const [a = "cantidad", b = "precio", target = "total"] = numbers.length >= 3 ? numbers.slice(-3) : numbers.length === 2 ? [...numbers, "total"] : [];
  const text = fields.find((f) => !NUMERIC.has(f.fieldType))?.fieldKey ?? "nombre";
  return {
    type: "compute",
    triggers: [a, b],
    compute: { [target]: { type: "formula", expression: `${a} * ${b}` } },
    validate: [{ id: `${a}_positive`, condition: `${a} > 0`, message: `${a} must be greater than 0`, severity: "error" }],
    transform: { [text]: { type: "trim" } }
  };
}
export {
  dslExample
};
//# sourceMappingURL=dsl-example.js.map
