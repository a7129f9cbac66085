import { ReadOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { articlesTexts } from './texts';

export const articlesModule: ConsoleModule = {
  id: 'articles',
  texts: articlesTexts,
  routes: [
    { path: 'articles', permission: 'content.read', page: () => import('./pages/articles-page'), menu: { group: 'content', labelKey: 'articles.title', icon: <ReadOutlined />, order: 20 } },
    { path: 'articles/:id', permission: 'content.read', page: () => import('./pages/article-edit-page') },
  ],
};
