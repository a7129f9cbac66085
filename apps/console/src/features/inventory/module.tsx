import { DatabaseOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { inventoryTexts } from './texts';

export const inventoryModule: ConsoleModule = {
  id: 'inventory',
  texts: inventoryTexts,
  routes: [{ path: 'inventory', permission: 'inventory.read', page: () => import('./pages/inventory-page'), menu: { group: 'catalogue', labelKey: 'inventory.title', icon: <DatabaseOutlined />, order: 20 } }],
};
