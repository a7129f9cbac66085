import {
  apiBulkJobSchema,
  balanceSchema,
  bulkJobStateSchema,
  currencySchema,
  ecodeItemSchema,
  ecodeStatusSchema,
  esimAddonOfferSchema,
  esimSchema,
  esimSummarySchema,
  esimUsageSchema,
  ledgerEntrySchema,
  orderDetailSchema,
  orderStatusSchema,
  problemSchema,
  productDetailSchema,
  productKindSchema,
  skuSchema,
} from '@simshop/contract';
import { z } from 'zod';

/**
 * The reseller API document's named shapes: each shape the answers and events share is written
 * once under `components.schemas` with a PascalCase name and `$ref`d wherever it is carried, so a
 * client generated from the document has one named type per shape instead of a copy per operation.
 * Only answers (io 'output') are named: a request body's input form differs (defaults optional)
 * and no two operations share one, so bodies stay inline.
 */
export const RESELLER_API_SCHEMA_NAMES: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['Order', orderDetailSchema],
  ['OrderStatus', orderStatusSchema],
  ['ECode', ecodeItemSchema],
  ['ECodeStatus', ecodeStatusSchema],
  ['Esim', esimSchema],
  ['EsimSummary', esimSummarySchema],
  ['EsimUsage', esimUsageSchema],
  ['TopupOffer', esimAddonOfferSchema],
  ['Product', productDetailSchema],
  ['ProductKind', productKindSchema],
  ['Sku', skuSchema],
  ['Currency', currencySchema],
  ['Balance', balanceSchema],
  ['LedgerEntry', ledgerEntrySchema],
  ['BulkJob', apiBulkJobSchema],
  ['BulkJobState', bulkJobStateSchema],
  ['Problem', problemSchema],
];

type Io = 'input' | 'output';
/** Converts a schema for the document; `name` names an answer's shape made where it is used (a webhook's envelope). */
export type SchemaOf = (schema: z.ZodType, io: Io, name?: string) => Record<string, unknown>;

const refTo = (id: string) => `#/components/schemas/${id}`;
/** Answers with no name of their own get a placeholder id in the conversion and are put back inline. */
const UNNAMED = /^#\/components\/schemas\/(~\d+)$/;

type Json = Record<string, unknown>;
const strip = ({ $id: _id, $schema: _schema, ...rest }: Json): Json => rest;

/** A copy of `node` with every placeholder `$ref` replaced by the schema it stands for. */
function inlineUnnamed(node: unknown, unnamed: Record<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineUnnamed(item, unnamed));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Json;
  const id = typeof $ref === 'string' ? UNNAMED.exec($ref)?.[1] : undefined;
  const base = id !== undefined ? (inlineUnnamed(unnamed[id], unnamed) as Json) : $ref === undefined ? {} : { $ref };
  return { ...base, ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlineUnnamed(value, unnamed)])) };
}

/** The names a document's `$ref`s reach, following named schemas into each other. */
function reachedNames(document: unknown, schemas: Record<string, Json>): Set<string> {
  const reached = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' && value.startsWith(refTo('')) ? value.slice(refTo('').length) : undefined;
      if (name !== undefined && !reached.has(name)) {
        reached.add(name);
        walk(schemas[name]);
      } else walk(value);
    }
  };
  walk(document);
  return reached;
}

/**
 * Schemas for one document: `schemaOf` hands out an object at once and `finish` fills them all,
 * the answers converted together from one zod registry (so a named shape inside another becomes a
 * `$ref`), and returns `components.schemas` with the names the document reaches.
 */
export function openApiSchemas(): { schemaOf: SchemaOf; finish: (document: unknown) => Record<string, Json> } {
  const named = new Map<z.ZodType, string>(RESELLER_API_SCHEMA_NAMES.map(([name, schema]) => [schema, name]));
  const pending: { schema: z.ZodType; io: Io; slot: Json }[] = [];
  const schemaOf: SchemaOf = (schema, io, name) => {
    if (name !== undefined && io === 'output') named.set(schema, name);
    const slot: Json = {};
    pending.push({ schema, io, slot });
    return slot;
  };
  const finish = (document: unknown) => {
    const registry = z.registry<{ id: string }>();
    for (const [schema, id] of named) registry.add(schema, { id });
    const placeholders = new Map<z.ZodType, string>();
    for (const { schema, io } of pending) {
      if (io === 'output' && !named.has(schema) && !placeholders.has(schema)) {
        placeholders.set(schema, `~${placeholders.size}`);
        registry.add(schema, { id: placeholders.get(schema)! });
      }
    }
    const converted = z.toJSONSchema(registry, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12', uri: refTo }).schemas;
    // Zod puts a shape it cannot name (a cycle, an id of another registry) under `__shared`: none may be left unnamed.
    if ('__shared' in converted) throw new Error(`reseller API document: name the shared shapes ${Object.keys(Object.values(converted.__shared)[0] ?? {}).join(', ')}`);
    const unnamed = Object.fromEntries([...placeholders.values()].map((id) => [id, strip(converted[id] as Json)]));
    const schemas = Object.fromEntries([...named.values()].map((name) => [name, inlineUnnamed(strip(converted[name] as Json), unnamed) as Json]));
    for (const { schema, io, slot } of pending) {
      const name = io === 'output' ? named.get(schema) : undefined;
      if (name !== undefined) slot.$ref = refTo(name);
      else if (io === 'output') Object.assign(slot, inlineUnnamed({ $ref: refTo(placeholders.get(schema)!) }, unnamed));
      else Object.assign(slot, strip(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' })));
    }
    const reached = reachedNames(document, schemas);
    return Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  };
  return { schemaOf, finish };
}
