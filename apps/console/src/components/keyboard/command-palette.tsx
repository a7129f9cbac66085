import { SearchOutlined } from '@ant-design/icons';
import { Input, Modal, Spin, Typography, type InputRef } from 'antd';
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ConsoleRoute } from '@/lib/console-module';
import { usePaletteResults, type PaletteItem } from './palette-results';

/**
 * The command palette (Ctrl-K / ⌘K): one field, and below it the pages, orders and customers it
 * finds as a listbox (the ARIA combobox pattern: the focus stays in the field, the arrows move
 * the active option, Enter opens it, Esc closes and antd's Modal gives the focus back to where it
 * was). antd's Modal rather than cmdk: the same dialog, focus trap and look as the rest of the
 * console, and cmdk's input does not keep aria-activedescendant in step with its selection.
 * It does not rank results or remember recent ones; the server's list search does the matching.
 */
export function CommandPalette({ open, onClose, routes, onHelp }: { open: boolean; onClose: () => void; routes: readonly ConsoleRoute[]; onHelp: () => void }) {
  const { t } = useTranslation();
  const input = useRef<InputRef>(null);
  // Esc gives the focus back to where it was; a chosen result leads elsewhere, so the focus
  // leaves the closing palette at once (keys pressed during its fade-out reach the new page).
  const [giveBack, setGiveBack] = useState(true);
  const [shown, setShown] = useState(open);
  if (shown !== open) {
    setShown(open);
    if (open) setGiveBack(true);
  }
  const leave = () => {
    setGiveBack(false);
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    onClose();
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      focusable={{ focusTriggerAfterClose: giveBack }}
      footer={null}
      closable={false}
      destroyOnHidden
      width={640}
      style={{ top: 80 }}
      title={<span style={SCREEN_READER_ONLY}>{t('keyboard.palette.title')}</span>}
      styles={{ header: { margin: 0 } }}
      afterOpenChange={(opened) => opened && input.current?.focus()}
    >
      <PaletteBody inputRef={input} routes={routes} onLeave={leave} onHelp={onHelp} />
    </Modal>
  );
}

const GROUPS: ReadonlyArray<PaletteItem['group']> = ['pages', 'orders', 'customers', 'help'];

/** Read by screen readers, not shown. */
export const SCREEN_READER_ONLY: CSSProperties = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 };
const LIST: CSSProperties = { maxHeight: '50vh', overflowY: 'auto', marginTop: 12 };
const GROUP: CSSProperties = { padding: '8px 8px 4px', fontSize: 12, fontWeight: 600, color: '#595959' };
const OPTION: CSSProperties = { display: 'flex', alignItems: 'center', gap: 10, padding: '8px 10px', borderRadius: 6, cursor: 'pointer', minHeight: 40 };
const ACTIVE: CSSProperties = { ...OPTION, background: '#e6f0fc', boxShadow: 'inset 3px 0 0 #1f5fbf' };
const CODE: CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

function PaletteBody({ inputRef, routes, onLeave, onHelp }: { inputRef: RefObject<InputRef | null>; routes: readonly ConsoleRoute[]; onLeave: () => void; onHelp: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const { items, loading } = usePaletteResults(query, routes);
  const current = Math.min(active, items.length - 1);
  const optionId = (i: number) => `${id}-option-${i}`;

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    onLeave();
    if (item.to === null) onHelp();
    else void navigate(item.to);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const last = items.length - 1;
    const moves: Record<string, number> = { ArrowDown: current >= last ? 0 : current + 1, ArrowUp: current <= 0 ? last : current - 1, Home: 0, End: last };
    if (e.key in moves && items.length > 0 && (e.key.startsWith('Arrow') || e.ctrlKey)) {
      e.preventDefault();
      setActive(moves[e.key]!);
      document.getElementById(optionId(moves[e.key]!))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(items[current]);
    }
  };

  const status = loading ? t('keyboard.palette.searching') : items.length === 0 ? t('keyboard.palette.none') : t('keyboard.palette.count', { count: items.length });
  return (
    <>
      <Input
        ref={inputRef}
        autoFocus
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        suffix={loading ? <Spin size="small" /> : null}
        placeholder={t('keyboard.palette.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={t('keyboard.palette.title')}
        aria-expanded={items.length > 0}
        aria-controls={`${id}-listbox`}
        aria-autocomplete="list"
        aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
      />
      <div role="status" style={SCREEN_READER_ONLY}>
        {status}
      </div>
      <div id={`${id}-listbox`} role="listbox" aria-label={t('keyboard.palette.results')} style={LIST}>
        {GROUPS.map((group) => {
          const inGroup = items.map((item, index) => ({ item, index })).filter(({ item }) => item.group === group);
          if (inGroup.length === 0) return null;
          return (
            <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
              <div id={`${id}-${group}`} role="presentation" style={GROUP}>
                {t(`keyboard.palette.group.${group}`)}
              </div>
              {inGroup.map(({ item, index }) => (
                <div
                  key={item.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  style={index === current ? ACTIVE : OPTION}
                  onMouseMove={() => index !== current && setActive(index)}
                  // The field keeps the focus: a click must not take it (the listbox is not a tab stop).
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(item)}
                >
                  {item.icon ? <span aria-hidden>{item.icon}</span> : null}
                  <span style={group === 'orders' ? CODE : undefined}>{item.label}</span>
                  {item.detail ? (
                    <Typography.Text type="secondary" ellipsis style={{ marginInlineStart: 'auto', maxWidth: '60%' }}>
                      {item.detail}
                    </Typography.Text>
                  ) : null}
                </div>
              ))}
            </div>
          );
        })}
      </div>
      {!loading && items.length === 0 ? <Typography.Paragraph type="secondary" style={{ margin: '12px 4px 0' }}>{t('keyboard.palette.none')}</Typography.Paragraph> : null}
      <Typography.Paragraph type="secondary" style={{ margin: '12px 4px 0', fontSize: 12 }}>
        {t('keyboard.palette.hint')}
      </Typography.Paragraph>
    </>
  );
}
