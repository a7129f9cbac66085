import { TagsOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { labelsTexts } from './texts';

export const labelsModule: ConsoleModule = {
  id: 'labels',
  texts: labelsTexts,
  routes: [{ path: 'labels', permission: 'catalogue.read', page: () => import('./pages/labels-page'), menu: { group: 'catalogue', labelKey: 'labels.title', icon: <TagsOutlined />, order: 15 } }],
};
