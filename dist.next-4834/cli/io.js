const processIo = {
  out: (line) => void process.stdout.write(`${line}
`),
  log: (line) => void process.stderr.write(`${line}
`),
  stdin: process.stdin
};
class CommandError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
  exitCode;
}
async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
}
export {
  CommandError,
  processIo,
  readAll
};
//# sourceMappingURL=io.js.map
