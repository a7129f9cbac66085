import type { Plugin } from 'vite';

/** Exports of antd-mobile's index that are not the `default` of `components/<kebab-name>/index.js`: their file. */
const NAMED: Readonly<Record<string, { file: string; default?: true }>> = {
  ConfigProvider: { file: 'components/config-provider/index.js', default: true },
  useConfig: { file: 'components/config-provider/index.js' },
  setDefaultConfig: { file: 'components/config-provider/index.js' },
  // Not through error-block/index.js: that builds the stock ErrorBlock with all four pictures.
  createErrorBlock: { file: 'components/error-block/create-error-block.js' },
  reduceMotion: { file: 'utils/reduce-and-restore-motion.js' },
  restoreMotion: { file: 'utils/reduce-and-restore-motion.js' },
  unstableSetRender: { file: 'utils/unstable-render.js' },
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`);

/** `import { TabBar, Toast as T } from 'antd-mobile'` as one import per module. */
export function deepImports(pkg: 'antd-mobile' | 'antd-mobile-icons', specifiers: string): string[] {
  const imports = pkg === 'antd-mobile' ? ["import 'antd-mobile/es/global';"] : [];
  for (const raw of specifiers.split(',')) {
    const spec = raw.trim();
    // Types are gone once the file is compiled.
    if (!spec || spec.startsWith('type ')) continue;
    const [imported = '', local = imported] = spec.split(/\s+as\s+/);
    if (pkg === 'antd-mobile-icons') {
      imports.push(`import ${local} from 'antd-mobile-icons/es/${imported}.js';`);
      continue;
    }
    const named = NAMED[imported];
    if (!named) imports.push(`import ${local} from 'antd-mobile/es/components/${kebab(imported)}/index.js';`);
    else if (named.default) imports.push(`import ${local} from 'antd-mobile/es/${named.file}';`);
    else imports.push(`import { ${imported} as ${local} } from 'antd-mobile/es/${named.file}';`);
  }
  return imports;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](antd-mobile|antd-mobile-icons)['"];?/g;

/**
 * Rewrites imports from antd-mobile's and antd-mobile-icons' index files into imports of the
 * components themselves (what babel-plugin-import does). Through an index the build sees every
 * component the index names as reachable from the entry: the bundler's "initial" modules then
 * took in every component and icon any page used, 60 KB of the first screen.
 * Lines are kept where they were, so source maps still point at the right line.
 */
export function antdDeepImports(): Plugin {
  return {
    name: 'simshop-antd-deep-imports',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      // antd-mobile's own components import their icons through the icons' index too.
      const library = /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]/.test(file);
      if (!/\.[jt]sx?$/.test(file) || (file.includes('node_modules') && !library) || !code.includes('antd-mobile')) return null;
      const out = code.replace(IMPORT, (match, specifiers: string, pkg: 'antd-mobile' | 'antd-mobile-icons') =>
        library && pkg === 'antd-mobile' ? match : deepImports(pkg, specifiers).join(' ') + '\n'.repeat(match.split('\n').length - 1),
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}
