export * from './tools.ts';
export * from './settings.ts';
