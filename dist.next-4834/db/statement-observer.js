function refused(observer, statement) {
  try {
    observer.beforeStatement(statement);
    return void 0;
  } catch (error) {
    return Promise.reject(error);
  }
}
function observed(q, observer, tenantId) {
  if (!observer) return q;
  const statement = (text, params, script) => ({
    text,
    params: params ?? [],
    script,
    tenantId
  });
  const wrapped = {
    query: (text, params) => refused(observer, statement(text, params, false)) ?? q.query(text, params),
    exec: (script) => refused(observer, statement(script, [], true)) ?? q.exec(script)
  };
  if (!("queryAndCommit" in q)) return { ...q, ...wrapped };
  const last = q.queryAndCommit.bind(q);
  const queryAndCommit = (text, params) => refused(observer, statement(text, params, false)) ?? last(text, params);
  return { ...q, ...wrapped, queryAndCommit };
}
export {
  observed
};
//# sourceMappingURL=statement-observer.js.map
