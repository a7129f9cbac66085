import { enumTexts, validationTexts } from '@simshop/contract';

/**
 * Enum labels and validation messages from the contract. They live beside the contract's zod
 * schemas, so they are loaded after the first screen (no page of the shell needs them) and
 * added to the translator when they arrive.
 */
export const contractTexts = {
  en: { ...enumTexts.en, ...validationTexts.en },
  'zh-Hans': { ...enumTexts['zh-Hans'], ...validationTexts['zh-Hans'] },
} as const;
