import { ShopOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { merchantsTexts } from './texts';

/** Merchants: platform staff with merchants.manage; never shown to a merchant's staff. */
export const merchantsModule: ConsoleModule = {
  id: 'merchants',
  texts: merchantsTexts,
  routes: [{ path: 'merchants', permission: 'merchants.manage', page: () => import('./pages/merchants-page'), menu: { group: 'sales', labelKey: 'merchants.title', icon: <ShopOutlined />, order: 40 } }],
};
