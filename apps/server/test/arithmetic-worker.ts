// A WorkerPool thread for platform/worker-pool.test.ts: doubles a number, throws for a negative one and exits for
// zero, as a thread whose code crashed.
import { answerRequests } from '../src/platform/worker-pool';

answerRequests((value: number) => {
  if (value === 0) process.exit(3);
  if (value < 0) throw new RangeError(`${value} is negative`);
  return value * 2;
});
