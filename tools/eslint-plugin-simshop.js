// Project lint rules: kebab-case file names, and features as islands on the web side
// (shared -> features -> app; a feature never imports another feature).
import { basename, dirname, resolve, sep } from 'node:path';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

const kebabCaseFiles = {
  meta: { type: 'suggestion', messages: { name: 'File name "{{name}}" is not kebab-case.' }, schema: [] },
  create(context) {
    return {
      Program(node) {
        const file = basename(context.filename);
        const stem = file.replace(/\.(?:d\.)?[cm]?[jt]sx?$/, '');
        if (!KEBAB.test(stem)) context.report({ node, messageId: 'name', data: { name: file } });
      },
    };
  },
};

// The shop and the console follow the same plan.
const APP_SRCS = ['web', 'console'].map((name) => `${sep}apps${sep}${name}${sep}src${sep}`);

function srcRoot(file) {
  for (const src of APP_SRCS) {
    const i = file.indexOf(src);
    if (i !== -1) return file.slice(0, i + src.length);
  }
  return undefined;
}

function webArea(file) {
  const root = srcRoot(file);
  if (!root) return undefined;
  const parts = file.slice(root.length).split(sep);
  if (parts[0] === 'features') return { kind: 'feature', name: parts[1] };
  // main.tsx is the entry point: it sits above the app.
  if (parts[0] === 'app' || parts[0] === 'main.tsx') return { kind: 'app' };
  return { kind: 'shared' };
}

const featureIslands = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature: 'Feature "{{from}}" must not import feature "{{to}}": move the shared piece to components/ or lib/.',
      sharedToFeature: 'Shared code must not import a feature ("{{to}}") or the app: the direction is shared -> features -> app.',
      featureToApp: 'A feature must not import from app/.',
    },
    schema: [],
  },
  create(context) {
    const from = webArea(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string') return;
        // Each app imports its own modules as @/... (vite alias for its src/).
        const target = spec.startsWith('@/') ? srcRoot(context.filename) + spec.slice(2) : spec.startsWith('.') ? resolve(dirname(context.filename), spec) : null;
        if (!target) return;
        const to = webArea(target);
        if (!to) return;
        if (from.kind === 'feature' && to.kind === 'feature' && to.name !== from.name) context.report({ node, messageId: 'crossFeature', data: { from: from.name, to: to.name } });
        if (from.kind === 'feature' && to.kind === 'app') context.report({ node, messageId: 'featureToApp' });
        if (from.kind === 'shared' && (to.kind === 'feature' || to.kind === 'app')) context.report({ node, messageId: 'sharedToFeature', data: { to: to.name ?? 'app' } });
      },
    };
  },
};

export default { rules: { 'kebab-case-files': kebabCaseFiles, 'feature-islands': featureIslands } };
