import type { TestProject } from 'vitest/node';
import { makeTemplates, type Templates } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    templates: Templates;
  }
}

/** Once per run of an API project: the migrated templates every test context copies. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await makeTemplates();
  project.provide('templates', templates);
  return remove;
}
