import { useEndpointMutation } from '@/lib/endpoint-query';
import { BLOG_WRITE } from './blog-mutation';

export const useCreateBlogPost = () => useEndpointMutation('adminBlog', 'create', BLOG_WRITE);
