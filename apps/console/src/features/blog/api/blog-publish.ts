import { useEndpointMutation } from '@/lib/endpoint-query';
import { BLOG_WRITE } from './blog-mutation';

export const usePublishBlogPost = () => useEndpointMutation('adminBlog', 'publish', BLOG_WRITE);
