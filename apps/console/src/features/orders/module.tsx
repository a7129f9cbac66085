import { ShoppingCartOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { ordersTexts } from './texts';

export const ordersModule: ConsoleModule = {
  id: 'orders',
  texts: ordersTexts,
  routes: [
    { merchants: true, path: 'orders', permission: 'orders.read', page: () => import('./pages/orders-page'), menu: { group: 'sales', labelKey: 'orders.title', icon: <ShoppingCartOutlined />, order: 10 } },
    { merchants: true, path: 'orders/:orderNo', permission: 'orders.read', page: () => import('./pages/order-detail-page') },
  ],
};
