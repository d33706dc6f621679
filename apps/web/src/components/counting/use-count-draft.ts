import { useEffect, useState, type KeyboardEvent } from 'react';

/**
 * A count field that sets its value when it is left or Enter is pressed, not on every keystroke
 * (which would send "1", then "12", then "120"). `parse` reads the typed text (null: not a count,
 * left as it was); a new `value` from outside (another device's count) drops what was typed.
 */
export function useCountDraft(
  value: number,
  show: (value: number) => string | number,
  parse: (text: string) => number | null,
  onSet: (value: number) => void,
) {
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => setDraft(null), [value]);
  const commit = () => {
    if (draft === null) return;
    const n = parse(draft);
    if (n !== null && n >= 0) onSet(n);
    setDraft(null);
  };
  return {
    value: draft ?? show(value),
    onChange: (v: string | number) => setDraft(String(v)),
    onBlur: commit,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        commit();
      }
    },
  };
}
