#!/usr/bin/env node
// `npm run fuzz`: the schema fuzzer (apps/server/src/test/schema-fuzz.test.ts) for a long run with
// a random seed, on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL. FUZZ_SEED repeats a
// run; FUZZ_RUNS sets the requests per route (default 400). `npm test` runs it short, fixed seed.
import { spawnSync } from 'node:child_process';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '400';
console.log(`Fuzzing every route: seed ${seed}, ${runs} requests per route`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'src/test/schema-fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ: 'long', FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
if (result.status !== 0) {
  console.error(`\nThe fuzzer found a failure. Repeat it with: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`);
  console.error(
    '(each route runs with seed + its index in route-samples.ts; fast-check prints that seed and the path.)',
  );
}
process.exit(result.status ?? 1);
