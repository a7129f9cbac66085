import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useBlogMutation } from './blog-mutation';

export const usePublishBlogPost = () => useBlogMutation((input: AdminRequestOf<'adminBlog', 'publish'>) => adminCall('adminBlog', 'publish', input));
