export * from './tools.ts';
export * from './settings.ts';
export * from './customer-tools.ts';
export * from './assistants.ts';
export * from './purchase-tools.ts';
export * from './staff-tools.ts';
