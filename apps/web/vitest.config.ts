import { defineConfig } from 'vitest/config';
import { splitTexts } from './build-tools/split-texts.ts';

export default defineConfig({
  // lib/i18n.ts imports English as en-US.json?first, which this plugin serves (the whole file here).
  plugins: [splitTexts()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/lib/testing-library.test-support.ts'],
    // As the server's: jsdom renders and the lint probes take seconds when the 2-core CI machine
    // runs both engines' suites beside them; 5 s (Vitest's default) timed them out there.
    testTimeout: 30_000,
  },
});
