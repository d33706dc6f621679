import { defineConfig } from 'vitest/config';
import { splitTexts } from './build-tools/split-texts.ts';

export default defineConfig({
  // lib/i18n.ts imports English as en-US.json?first, which this plugin serves (the whole file here).
  plugins: [splitTexts()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
