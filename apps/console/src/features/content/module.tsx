import { HomeOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { contentTexts } from './texts';

export const contentModule: ConsoleModule = {
  id: 'content',
  texts: contentTexts,
  routes: [{ path: 'content/home', permission: 'content.read', page: () => import('./pages/home-content-page'), menu: { group: 'content', labelKey: 'content.home.title', icon: <HomeOutlined />, order: 10 } }],
};
