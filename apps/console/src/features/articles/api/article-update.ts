import { useEndpointMutation } from '@/lib/endpoint-query';
import { ARTICLE_WRITE } from './article-mutation';

export const useUpdateArticle = () => useEndpointMutation('adminContent', 'article_update', ARTICLE_WRITE);
