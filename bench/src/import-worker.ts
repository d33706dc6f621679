/**
 * Store A's import in a thread of its own (fairness.ts): building and sending 150 KB request
 * bodies, and collecting their garbage, must not delay the thread that times store B's lookups.
 */
import { workerData } from 'node:worker_threads';
import { importCatalogue } from './import-client.ts';

const { url, headers, count } = workerData as { url: string; headers: Record<string, string>; count: number };
await importCatalogue(url, headers, count);
