import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useArticleMutation } from './article-mutation';

export const useUpdateArticle = () => useArticleMutation((input: AdminRequestOf<'adminContent', 'article_update'>) => adminCall('adminContent', 'article_update', input));
