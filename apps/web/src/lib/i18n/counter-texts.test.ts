import { describe, expect, it } from 'vitest';
import enUS from '../../locales/en-US.json';
import { COUNTER_TEXTS, LATER_TEXTS } from '../../../build-tools/split-texts.ts';

describe("the counter's texts (build-tools/split-texts.ts)", () => {
  it('are later namespaces the English file has, so the counter loads a part of the later texts and nothing else', () => {
    for (const ns of COUNTER_TEXTS) {
      expect(LATER_TEXTS).toContain(ns);
      expect(Object.keys(enUS)).toContain(ns);
    }
  });

  it('hold the variant picker and the sale queue, which the counter shows', () => {
    expect(COUNTER_TEXTS).toEqual(expect.arrayContaining(['counter', 'counterVariants', 'payment', 'saleQueue']));
  });
});
