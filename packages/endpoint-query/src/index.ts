export { endpointQueries, type EndpointCall, type EndpointMutationOptions, type EndpointQueries } from './endpoint-queries.ts';
export type { ActionOf, AdminWire, BodyOf, EndpointOf, ResultOf, ShopWire, Wire } from './wire.ts';
export { saveBlob } from './save-blob.ts';
