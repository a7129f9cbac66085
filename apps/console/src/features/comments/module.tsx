import { CommentOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { commentsTexts } from './texts';

export const commentsModule: ConsoleModule = {
  id: 'comments',
  texts: commentsTexts,
  routes: [{ merchants: true, path: 'comments', permission: 'comments.write', page: () => import('./pages/comments-page'), menu: { group: 'customers', labelKey: 'comments.title', icon: <CommentOutlined />, order: 30 } }],
};
