export * from './currencies.ts';
export * from './money.ts';
export * from './errors.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './stores.ts';
export * from './health.ts';
