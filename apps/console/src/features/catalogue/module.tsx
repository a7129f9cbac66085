import { ShopOutlined } from '@ant-design/icons';
import { withTexts } from '@/i18n/define-texts';
import type { ConsoleModule } from '@/lib/console-module';
import { templateTexts } from './templates/template-texts';
import { catalogueTexts } from './texts';
import { productBulkTexts } from './bulk-texts';

export const catalogueModule: ConsoleModule = {
  id: 'catalogue',
  texts: withTexts(withTexts(catalogueTexts, templateTexts), productBulkTexts),
  routes: [
    { merchants: true, path: 'products', permission: 'catalogue.read', page: () => import('./pages/products-page'), menu: { group: 'catalogue', labelKey: 'catalogue.title', icon: <ShopOutlined />, order: 10 } },
    // `new` is an editor too: the page tells it from an id.
    { merchants: true, path: 'products/:id', permission: 'catalogue.read', page: () => import('./pages/product-edit-page') },
  ],
};
