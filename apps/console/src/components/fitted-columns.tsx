import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, type TableColumnType, Typography } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useMe } from '@/lib/staff-session';
import { fitColumns, SELECTION_WIDTH, type ColumnFit } from './fit-columns';

/**
 * A list's columns that fit the content area instead of running past it. Each column has a width
 * and a priority (1: always shown; higher: hidden sooner); until the staff member chooses, the
 * table shows the most important columns that fit the measured width and hides the rest from the
 * least important up. The column chooser lets them pick exactly which are shown; that choice is
 * kept per staff member and list in localStorage and wins over the width (the table then scrolls
 * sideways, the last resort). The first column stays put while the table scrolls.
 * It does not resize columns by dragging or reorder them.
 */
export interface FittedColumn<T> extends Omit<TableColumnType<T>, 'key' | 'width'>, ColumnFit {
  /** The column chooser's name for it (the title may be an icon or empty). */
  label: string;
}

const storageKey = (staffId: number | undefined, list: string) => `simshop.console.columns.${staffId ?? 'anyone'}.${list}`;

function readChoice(key: string): string[] | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    return Array.isArray(parsed) && parsed.every((k) => typeof k === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The columns to give the table for a list, its `scroll`, the element to measure and the chooser
 * (give both to `FittedTableFrame` around the table).
 */
export function useFittedColumns<T>(list: string, columns: readonly FittedColumn<T>[], options: { selection?: boolean } = {}) {
  const { t } = useTranslation();
  const me = useMe().data;
  const key = storageKey(me?.id, list);
  const [choice, setChoice] = useState<string[] | null>(() => readChoice(key));
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setChoice(readChoice(key));
  }
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    observer.current = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.current.observe(el);
  }, []);
  useLayoutEffect(() => () => observer.current?.disconnect(), []);

  const fitted = fitColumns(columns, width ?? Number.POSITIVE_INFINITY, options.selection ?? false);
  const shown = choice ? columns.filter((c, i) => i === 0 || c.priority === 1 || choice.includes(c.key)) : fitted;
  const save = (keys: string[]) => {
    setChoice(keys);
    localStorage.setItem(key, JSON.stringify(keys));
  };
  const reset = () => {
    setChoice(null);
    localStorage.removeItem(key);
  };
  const x = shown.reduce((sum, c) => sum + c.width, options.selection ? SELECTION_WIDTH : 0);
  // Sideways scrolling, and with it the first column kept in place, only when the chosen columns do not fit.
  const overflow = width !== null && x > width;
  const tableColumns = shown.map(({ priority: _p, label: _l, ...c }, i) => (i === 0 && overflow ? { ...c, fixed: 'left' as const } : c));

  const chooser: ReactNode = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('table.columns.title')}
      content={
        <Flex vertical gap={6} style={{ minWidth: 200 }}>
          {columns.map((c, i) => {
            const fixed = i === 0 || c.priority === 1;
            return (
              <Checkbox
                key={c.key}
                checked={shown.includes(c)}
                disabled={fixed}
                onChange={(e) => save(columns.filter((o) => (o === c ? e.target.checked : shown.includes(o))).map((o) => o.key))}
              >
                {c.label}
              </Checkbox>
            );
          })}
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 240 }}>
            {t(choice ? 'table.columns.chosen' : 'table.columns.auto')}
          </Typography.Text>
          {choice ? (
            <Button size="small" onClick={reset}>
              {t('table.columns.reset')}
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Button icon={<SettingOutlined />}>
        {t('table.columns.button', { shown: shown.length, total: columns.length })}
      </Button>
    </Popover>
  );
  return { columns: tableColumns, scroll: overflow ? { x } : undefined, measure, chooser, selectionTitle };
}

/**
 * What every fitted list puts around its table: the column chooser in a row above it, on the
 * right (`bar`, when given, fills the rest of that row, e.g. a bulk-action bar), and the element
 * that is measured wrapping the table. `instead` (a loading or error state) takes the table's
 * place outside the measured element.
 */
export function FittedTableFrame({
  fitted,
  bar,
  instead,
  children,
}: {
  fitted: { chooser: ReactNode; measure: (el: HTMLDivElement | null) => void };
  bar?: ReactNode;
  instead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {bar === undefined ? (
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          {fitted.chooser}
        </Flex>
      ) : (
        <Flex justify="space-between" align="flex-start" gap={8}>
          <div style={{ flex: 1 }}>{bar}</div>
          <div style={{ marginBottom: 8 }}>{fitted.chooser}</div>
        </Flex>
      )}
      {instead ?? <div ref={fitted.measure}>{children}</div>}
    </>
  );
}

/** A cell's text on one line, cut with an ellipsis, the whole text in a tooltip when cut. */
export function OneLine({ text, children, secondary }: { text: string; children?: ReactNode; secondary?: boolean }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} type={secondary ? 'secondary' : undefined} style={{ display: 'block', maxWidth: '100%', ...(secondary ? { fontSize: 12 } : {}) }}>
      {children ?? text}
    </Typography.Text>
  );
}

/**
 * A scrolling antd table copies every column title, the select-all checkbox included, into a row
 * it measures widths with and hides from assistive technology; the copy must not be a tab stop.
 * For `rowSelection.columnTitle`.
 */
function selectionTitle(checkbox: ReactNode) {
  return <UntabbableWhenHidden>{checkbox}</UntabbableWhenHidden>;
}

function UntabbableWhenHidden({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el?.closest('[aria-hidden="true"]')) el.querySelectorAll('input, button, a, [tabindex]').forEach((n) => n.setAttribute('tabindex', '-1'));
  });
  return <span ref={ref}>{children}</span>;
}

/** A date and time in a narrow column: allowed to break after the date, so nothing is cut. */
export function WrappingDateTime({ value }: { value: number | null | undefined }) {
  const { i18n } = useTranslation();
  return <span>{formatDateTime(value, i18n.language)}</span>;
}
