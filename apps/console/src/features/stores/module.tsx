import { ShopOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { storesTexts } from './texts';

export const storesModule: ConsoleModule = {
  id: 'stores',
  texts: storesTexts,
  routes: [
    { merchants: true, path: 'stores', permission: 'content.read', page: () => import('./pages/stores-page'), menu: { group: 'content', labelKey: 'stores.title', icon: <ShopOutlined />, order: 40 } },
    { merchants: true, path: 'stores/:id', permission: 'content.read', page: () => import('./pages/store-edit-page') },
  ],
};
