import { useEndpointMutation } from '@/lib/endpoint-query';
import { ARTICLE_WRITE } from './article-mutation';

export const useCreateArticle = () => useEndpointMutation('adminContent', 'article_create', ARTICLE_WRITE);
