import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { RESELLER_API_BASE, resellerApiOperations } from '@simshop/contract';
import type { FastifyInstance } from 'fastify';
import { scriptHash } from '../security/content-security-policy.ts';

/**
 * The reseller API's reference page, GET /api/v1/docs (no key): Scalar's API reference renders
 * the served OpenAPI document in the browser. Its standalone bundle (the package's `browser` file)
 * is served from the installed package under an address named by its content hash, cached for
 * good; nothing comes from another host, and the page's Content-Security-Policy says so (fonts:
 * the system's, not Scalar's font host; no proxy; requests only to this origin).
 * It is not an operation of the contract's list: that list is the API (JSON answers with schemas,
 * in the OpenAPI document and every generated client); this page and its script are not.
 * Not done here: theming to the shop's colours, and a page per language (the document is English).
 */
export const RESELLER_API_DOCS_PATH = `${RESELLER_API_BASE}/docs`;
const DOCUMENT_URL = `${RESELLER_API_BASE}${resellerApiOperations.openapi.path}`;
const PACKAGE = '@scalar/api-reference';

/** The package's browser bundle: its root found from its resolved entry, its `browser` field naming the file. */
function bundleFile(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve(PACKAGE)));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; browser?: unknown };
      if (pkg.name === PACKAGE && typeof pkg.browser === 'string') return join(dir, pkg.browser);
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`${PACKAGE}: no package.json with a browser bundle above its entry`);
    dir = up;
  }
}

/** Scalar's configuration: the document from this origin, no font host, no proxy, no third-party client code samples. */
const CONFIGURATION = {
  url: DOCUMENT_URL,
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  documentDownloadType: 'json',
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function docsPage(scriptUrl: string): { html: string; policy: string } {
  const init = `Scalar.createApiReference('#app',${JSON.stringify(CONFIGURATION).replace(/</g, '\\u003c')})`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>simshop reseller API reference</title>
<link rel="alternate" type="application/json" href="${escapeHtml(DOCUMENT_URL)}">
</head>
<body>
<div id="app"></div>
<noscript>The reference needs JavaScript; the OpenAPI document is at <a href="${escapeHtml(DOCUMENT_URL)}">${escapeHtml(DOCUMENT_URL)}</a>.</noscript>
<script src="${escapeHtml(scriptUrl)}"></script>
<script>${init}</script>
</body>
</html>
`;
  // Scalar injects its style sheet and sets style attributes at run time, so styles allow inline;
  // scripts only its file and the one inline call, by hash. Images: its icons are inline data.
  const policy = [
    "default-src 'none'",
    `script-src 'self' ${scriptHash(init)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, policy };
}

/** Read and hashed once a process (the tests make many apps), not once an app. */
let bundle: { script: Buffer; hash: string } | undefined;
function loadBundle(): { script: Buffer; hash: string } {
  if (!bundle) {
    const script = readFileSync(bundleFile());
    bundle = { script, hash: createHash('sha256').update(script).digest('hex').slice(0, 16) };
  }
  return bundle;
}

export function registerResellerApiDocs(app: FastifyInstance): void {
  const { script, hash } = loadBundle();
  const scriptUrl = `${RESELLER_API_DOCS_PATH}/scalar-api-reference.${hash}.js`;
  const page = docsPage(scriptUrl);
  // Compressed once, on the first reader that takes it (about a quarter of the 5 MB), not at start.
  let gzipped: Buffer | null = null;

  app.get(RESELLER_API_DOCS_PATH, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', page.policy).header('x-content-type-options', 'nosniff').send(page.html),
  );
  app.get(scriptUrl, (request, reply) => {
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding').header('x-content-type-options', 'nosniff');
    const accepts = request.headers['accept-encoding'];
    if (typeof accepts === 'string' && /\bgzip\b/.test(accepts)) {
      gzipped ??= gzipSync(script);
      return reply.header('content-encoding', 'gzip').send(gzipped);
    }
    return reply.send(script);
  });
}
