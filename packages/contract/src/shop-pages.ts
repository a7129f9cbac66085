/**
 * The shop's home and goods pages, below its base (/uni/): the shop's routes, the goods links
 * content resolves to, and the pages whose HTML carries their first answers (first-answers.ts).
 * A module of its own with no schema in it, so the shop's first screen can import it.
 */
export const HOME_PAGE_PATH = '/pages/index/index';
export const GOODS_PAGE_PATH = '/pages/goods/goods';

/** The content block home renders (json-content.do get_cache by name and version, one per language). */
export const HOME_BLOCK = { name: 'home', version: '1' } as const;
