import { Dialog, ImageViewer, Toast } from 'antd-mobile';

// Imported dynamically where they are first shown (lib/toast.ts, the session dialog in
// lib/api-client.ts, review pictures): these overlays bring antd-mobile's animation library,
// 22 KB that the first screen and the goods page do without.
export { Dialog, ImageViewer, Toast };
