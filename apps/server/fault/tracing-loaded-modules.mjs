import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded by the tracing fault test (NODE_OPTIONS=--import=...): appends to LOADED_MODULES_FILE
 * every module an import resolves to that belongs to tracing (telemetry/tracing.ts, OpenTelemetry
 * packages other than the API, @fastify/otel), so the test can tell whether the SDK was loaded.
 * The same file is the resolve hook, in the loader's thread.
 */
let file;
export function initialize(data) {
  file = data.file;
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (file && /telemetry\/tracing\.ts|@opentelemetry\/(?!api\/)|@fastify\/otel/.test(result.url)) appendFileSync(file, `${result.url}\n`);
  return result;
}
if (isMainThread && process.env.LOADED_MODULES_FILE) register(import.meta.url, { data: { file: process.env.LOADED_MODULES_FILE } });
