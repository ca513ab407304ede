// Loaded with --import into a server process (see idempotency-crash.int.test.ts): the first PostgreSQL
// transaction that runs a statement matching STALL_AFTER_COMMIT_OF commits, the process logs
// "stalled after commit", and that connection never answers again, so the test can kill the process
// between a commit and whatever its request would have done next.
import pg from 'pg';

const pattern = new RegExp(process.env.STALL_AFTER_COMMIT_OF ?? '(?!)', 'i');
const marked = new WeakSet();
let hasStalled = false;
const query = pg.Client.prototype.query;

pg.Client.prototype.query = function (...args) {
  const text = typeof args[0] === 'string' ? args[0] : args[0].text;
  const keyword = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
  if (!hasStalled && pattern.test(text)) marked.add(this);
  if (keyword === 'rollback') marked.delete(this);
  if (keyword !== 'commit' || !marked.has(this)) return query.apply(this, args);
  hasStalled = true;
  marked.delete(this);
  return query.apply(this, args).then(() => {
    process.stdout.write(`${JSON.stringify({ msg: 'stalled after commit' })}\n`);
    return new Promise(() => {});
  });
};
