import { FormOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { blogTexts } from './texts';

export const blogModule: ConsoleModule = {
  id: 'blog',
  texts: blogTexts,
  routes: [
    { path: 'blog', permission: 'content.read', page: () => import('./pages/blog-page'), menu: { group: 'content', labelKey: 'blog.title', icon: <FormOutlined />, order: 30 } },
    { path: 'blog/:id', permission: 'content.read', page: () => import('./pages/blog-edit-page') },
  ],
};
