// The parts of en-US.json that build-tools/split-texts.ts makes (the whole file outside a build).
declare module '*.json?first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?later' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?counter' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?public' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?items' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?display' {
  const texts: Record<string, unknown>;
  export default texts;
}
