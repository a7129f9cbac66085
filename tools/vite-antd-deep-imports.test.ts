import { describe, expect, it } from 'vitest';
import { antdDeepImports, deepImports } from './vite-antd-deep-imports.ts';

describe('antd-mobile deep imports', () => {
  it('imports each component from its own folder, with the global styles the index brought', () => {
    expect(deepImports('antd-mobile', ' TabBar, PullToRefresh as Pull ')).toEqual([
      "import 'antd-mobile/es/global';",
      "import TabBar from 'antd-mobile/es/components/tab-bar/index.js';",
      "import Pull from 'antd-mobile/es/components/pull-to-refresh/index.js';",
    ]);
  });

  it('finds the index\'s other exports in their files, and leaves types out', () => {
    expect(deepImports('antd-mobile', 'ConfigProvider, createErrorBlock, unstableSetRender, type ButtonProps')).toEqual([
      "import 'antd-mobile/es/global';",
      "import ConfigProvider from 'antd-mobile/es/components/config-provider/index.js';",
      "import { createErrorBlock as createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block.js';",
      "import { unstableSetRender as unstableSetRender } from 'antd-mobile/es/utils/unstable-render.js';",
    ]);
  });

  it('imports icons one file each', () => {
    expect(deepImports('antd-mobile-icons', 'AppOutline, UserOutline as Me')).toEqual(["import AppOutline from 'antd-mobile-icons/es/AppOutline.js';", "import Me from 'antd-mobile-icons/es/UserOutline.js';"]);
  });

  it('rewrites the app\'s imports on the lines they were on, and only the icons inside antd-mobile', () => {
    const transform = antdDeepImports().transform as (code: string, id: string) => { code: string } | null;
    const app = "import {\n  Button,\n  Toast,\n} from 'antd-mobile';\nconst x = 1;";
    const out = transform(app, '/work/apps/web/src/page.tsx')!.code;
    expect(out.split('\n')).toHaveLength(app.split('\n').length);
    expect(out).toContain("import Button from 'antd-mobile/es/components/button/index.js';");
    expect(out.split('\n')[4]).toBe('const x = 1;');
    const library = "import { CloseOutline } from 'antd-mobile-icons';\nimport { Mask } from 'antd-mobile';";
    expect(transform(library, '/work/node_modules/antd-mobile/es/components/popup/popup.js')!.code).toBe("import CloseOutline from 'antd-mobile-icons/es/CloseOutline.js';\nimport { Mask } from 'antd-mobile';");
    expect(transform("import { Tag } from 'antd-mobile';", '/work/node_modules/other/index.js')).toBeNull();
  });
});
