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

const WEB_SRC = `${sep}apps${sep}web${sep}src${sep}`;

function webArea(file) {
  const i = file.indexOf(WEB_SRC);
  if (i === -1) return undefined;
  const parts = file.slice(i + WEB_SRC.length).split(sep);
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
        // The web app imports its own modules as @/... (vite alias for apps/web/src).
        const i = context.filename.indexOf(WEB_SRC);
        const target = spec.startsWith('@/') ? context.filename.slice(0, i + WEB_SRC.length) + spec.slice(2) : spec.startsWith('.') ? resolve(dirname(context.filename), spec) : null;
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
