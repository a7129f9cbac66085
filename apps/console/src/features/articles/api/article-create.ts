import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useArticleMutation } from './article-mutation';

export const useCreateArticle = () => useArticleMutation((input: AdminRequestOf<'adminContent', 'article_create'>) => adminCall('adminContent', 'article_create', input));
