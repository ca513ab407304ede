// Runs every benchmark of this folder in turn, each in its own process, and stops at the first failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES = [
  'user-me.ts',
  'log-in-timing.ts',
  'consultations-list.ts',
  'transcription.ts',
  'long-visit.ts',
  'speech-gate.ts',
  'browser-vad.ts',
  'evidence.ts',
  'anamnesis.ts',
  'admin-analytics.ts',
  'cid10-search.ts',
  'signing.ts',
  'web-bundle-size.ts',
  'start-up.ts',
];

for (const bench of BENCHES) {
  console.log(`\n== bench/${bench} ==`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, bench)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
