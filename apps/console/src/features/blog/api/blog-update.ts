import type { AdminRequestOf } from '@simshop/contract';
import { adminCall } from '@/lib/api-client';
import { useBlogMutation } from './blog-mutation';

export const useUpdateBlogPost = () => useBlogMutation((input: AdminRequestOf<'adminBlog', 'update'>) => adminCall('adminBlog', 'update', input));
