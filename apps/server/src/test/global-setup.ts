import type { TestProject } from 'vitest/node';
import { makeTemplates, type DatabaseTemplates } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Once per run, before any test file: the migrated databases every test app starts from. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await makeTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}
