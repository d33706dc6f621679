/**
 * jsdom has neither matchMedia nor ResizeObserver; Mantine's media queries, segmented controls and
 * drawers ask for both. Nor has it a FontFaceSet (`document.fonts`), which an autosizing Textarea
 * listens to. Component tests call this in `beforeAll`.
 */
export function stubLayoutApis(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
}
