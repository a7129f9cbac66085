/**
 * The console's own storage keys. The staff session itself is an HttpOnly cookie of the admin
 * API that no script reads (the shop shares this origin); the console keeps only a hint that
 * someone signed in, so it asks for the sign-in page without a round trip when no one did.
 */
const SIGNED_IN_KEY = 'simshop.console.signed-in';
const LANGUAGE_KEY = 'simshop.console.language';
/** Where earlier versions kept the staff token itself: removed wherever it is still found. */
const LEGACY_TOKEN_KEY = 'simshop.console.token';

export const readSignedIn = (): boolean => {
  localStorage.removeItem(LEGACY_TOKEN_KEY);
  return localStorage.getItem(SIGNED_IN_KEY) === '1';
};
export const markSignedIn = (): void => localStorage.setItem(SIGNED_IN_KEY, '1');
export const clearSignedIn = (): void => {
  localStorage.removeItem(SIGNED_IN_KEY);
  localStorage.removeItem(LEGACY_TOKEN_KEY);
};
export const readLanguage = (): string | null => localStorage.getItem(LANGUAGE_KEY);
export const writeLanguage = (language: string): void => localStorage.setItem(LANGUAGE_KEY, language);
