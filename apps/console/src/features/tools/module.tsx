import { ToolOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { toolsTexts } from './texts';

export const toolsModule: ConsoleModule = {
  id: 'tools',
  texts: toolsTexts,
  routes: [{ path: 'settings/tools', permission: 'settings.manage', page: () => import('./pages/tools-settings-page'), menu: { group: 'system', labelKey: 'tools.title', icon: <ToolOutlined />, order: 81 } }],
};
