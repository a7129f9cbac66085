import type { QpeVariant } from '@simshop/contract';
import type { RouteName } from '@/config/paths';

/**
 * The pages of each QPE variant (SPEC §2): the signed-in pages under mine/qpe, and the secret
 * pages for a JT card holder, which are the QPE variant with the stricter ECode rule.
 */
export const QPE_PAGES: Record<QpeVariant, { customize: RouteName; fetch: RouteName }> = {
  qpe: { customize: 'qpe-customize', fetch: 'qpe-fetch' },
  longkese: { customize: 'longkese-custom', fetch: 'longkese-fetch' },
};
export const QPE_SECRET_PAGES = { customize: 'customize-qpe-secret', fetch: 'get-qpe-secret' } as const satisfies Record<string, RouteName>;

export interface QpePageProps {
  readonly variant: QpeVariant;
  /** The secret pages (sim/*-qpe-secret): the ECode must be JT + 10 digits as printed. */
  readonly secret?: boolean;
}

export const qpePageOf = (action: 'customize' | 'fetch', { variant, secret }: QpePageProps): RouteName => (secret ? QPE_SECRET_PAGES[action] : QPE_PAGES[variant][action]);
