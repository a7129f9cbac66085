/** The console's own storage keys: a staff token never mixes with a shop customer's. */
const TOKEN_KEY = 'simshop.console.token';
const LANGUAGE_KEY = 'simshop.console.language';

export const readToken = (): string => localStorage.getItem(TOKEN_KEY) ?? '';
export const writeToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);
export const readLanguage = (): string | null => localStorage.getItem(LANGUAGE_KEY);
export const writeLanguage = (language: string): void => localStorage.setItem(LANGUAGE_KEY, language);
