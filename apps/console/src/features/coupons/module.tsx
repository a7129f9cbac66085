import { GiftOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { couponsTexts } from './texts';

export const couponsModule: ConsoleModule = {
  id: 'coupons',
  texts: couponsTexts,
  routes: [
    { merchants: true, path: 'coupons', permission: 'promotions.view', page: () => import('./pages/coupons-page'), menu: { group: 'sales', labelKey: 'coupons.title', icon: <GiftOutlined />, order: 30 } },
    { merchants: true, path: 'coupons/:id', permission: 'promotions.view', page: () => import('./pages/coupon-detail-page') },
  ],
};
