const systemClock = {
  now: () => /* @__PURE__ */ new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms))
};
function manualClock(start = /* @__PURE__ */ new Date("2026-01-01T00:00:00Z")) {
  let current = start.getTime();
  const sleeps = [];
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    sleeps,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    }
  };
}
export {
  manualClock,
  systemClock
};
//# sourceMappingURL=clock.js.map
