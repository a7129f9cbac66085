import { Fragment, cloneElement } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from './index';
import { markupParts } from './translator';
import type { TranslateOptions } from './translator';

/**
 * A text with markup in it ('<b>{{left}}</b> left of {{total}}'): each `<name>…</name>` becomes
 * the element given for that name with the enclosed text as its child (React renders it as text).
 */
export function Trans({ i18nKey, values, count, components }: { i18nKey: string; values?: TranslateOptions; count?: number; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  const parts = markupParts(t(i18nKey, count === undefined ? values : { ...values, count }));
  return (
    <Fragment>
      {parts.map((part, index) => {
        if (typeof part === 'string') return part;
        const element = components[part.tag];
        return element ? cloneElement(element, { key: index }, part.text) : part.text;
      })}
    </Fragment>
  );
}
