import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApi } from '../openapi.ts';

// docs/openapi.json is generated: never edit it by hand.
const target = resolve(import.meta.dirname, '../../../../docs/openapi.json');
writeFileSync(target, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log(`wrote ${target}`);
