import { saveBlob } from '@simshop/endpoint-query';

/** Saves a file the server made (text, or base64 for a binary such as xlsx) as a browser download. */
export function saveFile(filename: string, content: string, type: string, encoding: 'text' | 'base64' = 'text') {
  const data = encoding === 'base64' ? Uint8Array.from(atob(content), (c) => c.charCodeAt(0)) : content;
  saveBlob(new Blob([data], { type }), filename);
}
