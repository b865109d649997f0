import { AppError } from "../../../errors.js";
function refusal(run) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal, got none");
}
export {
  refusal
};
//# sourceMappingURL=test-support.js.map
