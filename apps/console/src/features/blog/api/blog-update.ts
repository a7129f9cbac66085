import { useEndpointMutation } from '@/lib/endpoint-query';
import { BLOG_WRITE } from './blog-mutation';

export const useUpdateBlogPost = () => useEndpointMutation('adminBlog', 'update', BLOG_WRITE);
