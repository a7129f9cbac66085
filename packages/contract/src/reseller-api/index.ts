export * from './api-keys.ts';
export * from './bulk-operations.ts';
export * from './operations.ts';
export * from './export-operations.ts';
export * from './problem.ts';
export * from './spend-limits.ts';
export * from './webhooks.ts';
