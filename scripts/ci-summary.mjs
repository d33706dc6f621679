#!/usr/bin/env node
// The test run's summary, from what the phases left in test-results/: each phase's duration and
// outcome (phases.tsv, written as each phase ends), the counts of passed, failed, skipped and flaky
// tests (Vitest's and Playwright's JSON reports), the failing tests by file and name with the first
// lines of their errors, and the flaky tests against e2e/flaky-allowed.json. Printed and written to
// test-results/summary.txt. Exits 1 when a test failed, a phase failed or a flaky test is not in
// the allowed list, so `npm test` can use its exit code.
//
//   node scripts/ci-summary.mjs            print the summary of what test-results/ holds
//   node scripts/ci-summary.mjs --phase NAME SECONDS STATUS
//                                          record a phase (STATUS: ok, failed, killed, skipped)
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS = path.join(root, 'test-results');
export const PHASES = path.join(RESULTS, 'phases.tsv');
/** Each engine's Vitest run and the Playwright run write their JSON report here. */
export const REPORTS = {
  vitest: [
    ['Vitest (SQLite)', path.join(RESULTS, 'vitest-sqlite.json')],
    ['Vitest (PostgreSQL)', path.join(RESULTS, 'vitest-postgres.json')],
  ],
  playwright: path.join(RESULTS, 'playwright.json'),
};
const ALLOWED_FLAKY = path.join(root, 'e2e/flaky-allowed.json');
/** At most this many tests may be known to be flaky at once, each with its reason. */
const MAX_ALLOWED_FLAKY = 3;
const ERROR_LINES = 6;

// eslint-disable-next-line no-control-regex -- the colours of Vitest's and Playwright's messages
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
/** An error's first lines, without the stack frames of the test runners and Node's internals. */
const firstLines = (text, n = ERROR_LINES) =>
  plain(text)
    .split('\n')
    .map((l) => l.trimEnd().replaceAll(`file://${root}/`, '').replaceAll(`${root}/`, ''))
    .filter((l) => l.trim() !== '' && !/^\s*at .*(node_modules|node:internal|<anonymous>)/.test(l))
    .slice(0, n);
const rel = (file) => path.relative(root, file);
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};
const duration = (seconds) => {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
};

export function recordPhase(name, seconds, status) {
  mkdirSync(RESULTS, { recursive: true });
  appendFileSync(PHASES, `${name}\t${seconds.toFixed(1)}\t${status}\n`);
}

function phases() {
  if (!existsSync(PHASES)) return [];
  return readFileSync(PHASES, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, seconds, status] = line.split('\t');
      return { name, seconds: Number(seconds), status };
    });
}

/** Vitest's JSON report (jest's shape): counts, failures (files that failed to run included), file times. */
function vitest(label, file) {
  const report = readJson(file);
  if (!report) return null;
  const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  const failures = [];
  const files = [];
  for (const result of report.testResults ?? []) {
    const name = rel(result.name);
    files.push({ name, seconds: (result.endTime - result.startTime) / 1000 });
    for (const a of result.assertionResults ?? []) {
      if (a.status === 'passed') counts.passed++;
      else if (a.status === 'failed') {
        counts.failed++;
        failures.push({ file: name, test: a.fullName ?? a.title, error: firstLines(a.failureMessages?.join('\n')) });
      } else counts.skipped++;
    }
    // A file that failed without a failing test: it did not load, or a hook failed.
    if (result.status === 'failed' && !(result.assertionResults ?? []).some((a) => a.status === 'failed')) {
      counts.failed++;
      failures.push({ file: name, test: '(the file itself)', error: firstLines(result.message) });
    }
  }
  return { label, counts, failures, flaky: [], files };
}

/** Playwright's JSON report: counts, failures, flaky tests (passed only on a retry), spec times. */
function playwright(file) {
  const report = readJson(file);
  if (!report) return null;
  const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  const failures = [];
  const flaky = [];
  const specFiles = new Map();
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = [...titles, spec.title].join(' › ');
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000;
        specFiles.set(spec.file, (specFiles.get(spec.file) ?? 0) + seconds);
        const errors = (test.results ?? []).flatMap((r) => r.errors ?? (r.error ? [r.error] : []));
        if (test.status === 'expected') counts.passed++;
        else if (test.status === 'skipped') counts.skipped++;
        else if (test.status === 'flaky') {
          counts.flaky++;
          flaky.push({ file: `e2e/specs/${spec.file}`, test: name, error: firstLines(errors[0]?.message, 3) });
        } else {
          counts.failed++;
          failures.push({ file: `e2e/specs/${spec.file}`, test: name, error: firstLines(errors[0]?.message) });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // Errors outside any test (the web server did not start, a spec did not load).
  for (const error of report.errors ?? []) {
    counts.failed++;
    failures.push({ file: 'e2e', test: '(outside any test)', error: firstLines(error.message) });
  }
  const files = [...specFiles].map(([name, seconds]) => ({ name: `e2e/specs/${name}`, seconds }));
  return { label: 'Playwright', counts, failures, flaky, files };
}

/** The reviewed list of tests known to be flaky: `[{ "test": "<file> › <title>", "reason": "…" }]`. */
function allowedFlaky() {
  const list = readJson(ALLOWED_FLAKY) ?? [];
  const problems = [];
  if (list.length > MAX_ALLOWED_FLAKY)
    problems.push(`e2e/flaky-allowed.json lists ${list.length} tests; at most ${MAX_ALLOWED_FLAKY} may be.`);
  for (const entry of list)
    if (!entry.test || !entry.reason?.trim())
      problems.push(`e2e/flaky-allowed.json: an entry without a test or a reason.`);
  return { tests: new Set(list.map((e) => e.test)), problems };
}

export function summarize() {
  const lines = [];
  const out = (line = '') => lines.push(line);
  const ran = phases();
  const suites = [...REPORTS.vitest.map(([label, file]) => vitest(label, file)), playwright(REPORTS.playwright)].filter(
    Boolean,
  );
  const allowed = allowedFlaky();

  out('══════════════════════════ Test run summary ══════════════════════════');
  out('Phases:');
  // A phase run beside another ("typecheck (beside lint)") adds nothing to the run's length.
  const total = ran.filter((p) => !p.name.includes('beside')).reduce((sum, p) => sum + p.seconds, 0);
  for (const p of ran) out(`  ${p.name.padEnd(24)} ${duration(p.seconds).padStart(12)}  ${p.status}`);
  out(`  ${'total'.padEnd(24)} ${duration(total).padStart(12)}`);
  if (ran.length === 0) out('  (none recorded)');

  out('Tests:');
  const sum = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  for (const s of suites) {
    for (const k of Object.keys(sum)) sum[k] += s.counts[k];
    out(
      `  ${s.label.padEnd(22)} ${String(s.counts.passed).padStart(5)} passed, ${s.counts.failed} failed, ` +
        `${s.counts.skipped} skipped, ${s.counts.flaky} flaky`,
    );
  }
  out(
    `  ${'all'.padEnd(22)} ${String(sum.passed).padStart(5)} passed, ${sum.failed} failed, ${sum.skipped} skipped, ${sum.flaky} flaky`,
  );

  const slowest = suites
    .flatMap((s) => s.files)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 8);
  if (slowest.length) {
    out('Slowest files:');
    for (const f of slowest) out(`  ${duration(f.seconds).padStart(12)}  ${f.name}`);
  }

  const flaky = suites.flatMap((s) => s.flaky);
  const unreviewed = flaky.filter((f) => !allowed.tests.has(`${path.basename(f.file)} › ${f.test}`));
  if (flaky.length) {
    out(`Flaky (passed only on a retry; ${unreviewed.length} not in e2e/flaky-allowed.json, which fails the run):`);
    for (const f of flaky) {
      const known = !unreviewed.includes(f);
      out(`  ${known ? 'allowed ' : 'FLAKY   '} ${f.file} › ${f.test}`);
      for (const l of f.error) out(`      ${l}`);
    }
  }
  for (const p of allowed.problems) out(`  ${p}`);

  const failures = suites.flatMap((s) => s.failures.map((f) => ({ ...f, suite: s.label })));
  const failedPhases = ran.filter((p) => p.status !== 'ok' && p.status !== 'skipped');
  if (failures.length) {
    out(`Failed tests (${failures.length}):`);
    for (const f of failures.slice(0, 40)) {
      out(`  ✗ [${f.suite}] ${f.file} › ${f.test}`);
      for (const l of f.error) out(`      ${l}`);
    }
    if (failures.length > 40) out(`  … and ${failures.length - 40} more (test-results/*.json)`);
  }
  if (failedPhases.length && !failures.length)
    out(`Failed phases, no failing test named: ${failedPhases.map((p) => `${p.name} (${p.status})`).join(', ')}`);

  const ok = failures.length === 0 && failedPhases.length === 0 && unreviewed.length === 0 && !allowed.problems.length;
  out(`Result: ${ok ? 'PASSED' : 'FAILED'}`);
  return { text: lines.join('\n'), ok };
}

/**
 * Writes the summary to test-results/summary.txt and prints it, unless .ci/run is the caller's
 * parent (SHOPDESK_CI_PHASES), which prints it itself as its last lines; true when the run passed.
 */
export function reportSummary({ print = !process.env.SHOPDESK_CI_PHASES } = {}) {
  const { text, ok } = summarize();
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'summary.txt'), `${text}\n`);
  if (print) console.log(`\n${text}`);
  return ok;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--phase') recordPhase(args[1], Number(args[2]), args[3]);
  else process.exit(reportSummary({ print: true }) ? 0 : 1);
}
