import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useBlogMutation } from './blog-mutation';

export const useCreateBlogPost = () => useBlogMutation((input: AdminRequestOf<'adminBlog', 'create'>) => adminCall('adminBlog', 'create', input));
