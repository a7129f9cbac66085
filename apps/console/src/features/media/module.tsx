import { PictureOutlined } from '@ant-design/icons';
import type { ConsoleModule } from '@/lib/console-module';
import { mediaTexts } from './texts';

export const mediaModule: ConsoleModule = {
  id: 'media',
  texts: mediaTexts,
  routes: [{ path: 'content/media', permission: 'content.read', page: () => import('./pages/media-page'), menu: { group: 'content', labelKey: 'media.title', icon: <PictureOutlined />, order: 12 } }],
};
