async function closeServers(apps, graceMs, log) {
  const timer = setTimeout(() => {
    log(`Requests still open after ${graceMs} ms: closing their connections`);
    for (const app of apps) app.server.closeAllConnections();
  }, graceMs);
  try {
    await Promise.all(apps.map((app) => app.close()));
  } finally {
    clearTimeout(timer);
  }
}
function stopOnSignals(stop, log) {
  let stopping = false;
  const onSignal = (signal) => {
    if (stopping) {
      log(`${signal} again: exiting without waiting`);
      process.exit(130);
    }
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error) => {
        log(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      }
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
export {
  closeServers,
  stopOnSignals
};
//# sourceMappingURL=lifecycle.js.map
