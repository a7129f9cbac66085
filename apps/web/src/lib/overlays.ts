import { Dialog, Toast } from 'antd-mobile';

// Imported dynamically by the first screen's code (lib/toast.ts, the session dialog in
// lib/api-client.ts): these overlays bring antd-mobile's animation library, 20 KB the first
// screen does without.
export { Dialog, Toast };
