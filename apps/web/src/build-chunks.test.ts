import { describe, expect, it } from 'vitest';
import { counterSharedChunk } from '../build-tools/counter-chunk.ts';
import { firstScreenChunks } from '../build-tools/first-screen-chunks.ts';

describe("the build's chunk groups (vite.config.ts)", () => {
  // Rolldown warns on every build about a group whose name is a function and that has no debugName
  // ("`output.codeSplitting.groups[4].name` is a function…").
  it('give each group named by a function a debugName, so the build prints no warning', () => {
    const root = new URL('..', import.meta.url).pathname;
    const groups = [...(firstScreenChunks(root).groups ?? []), counterSharedChunk(root)];
    expect(groups).toHaveLength(5);
    for (const group of groups) {
      if (typeof group.name === 'function') expect(group.debugName, String(group.name)).toBeTruthy();
    }
  });
});
