import { ShoppingCartOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { withTexts } from '@/i18n/define-texts';
import { orderFactsTexts } from './order-facts-texts';
import { ordersTexts } from './texts';
import { orderBulkTexts } from './bulk-texts';
import { esimContextTexts } from './esim-context-texts';
import { withdrawalTexts } from './withdrawal-texts';

export const ordersModule: ConsoleModule = {
  id: 'orders',
  texts: withTexts(withTexts(withTexts(withTexts(ordersTexts, orderFactsTexts), withdrawalTexts), orderBulkTexts), esimContextTexts),
  routes: [
    { merchants: true, path: 'orders', permission: 'orders.read', page: () => import('./pages/orders-page'), menu: { group: 'sales', labelKey: 'orders.title', icon: <ShoppingCartOutlined />, order: 10 } },
    { merchants: true, path: 'orders/packing-slips', permission: 'orders.read', page: () => import('./pages/packing-slips-page') },
    { merchants: true, path: 'orders/:orderNo', permission: 'orders.read', page: () => import('./pages/order-detail-page') },
  ],
};
