import { Modal, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { modKeyName } from './shortcuts';

const KBD: CSSProperties = { display: 'inline-block', minWidth: 22, padding: '1px 6px', border: '1px solid #bfbfbf', borderBottomWidth: 2, borderRadius: 4, background: '#fafafa', fontFamily: 'inherit', fontSize: 12, textAlign: 'center' };

/** Keys as they are pressed: each chord's keys, and the alternatives. */
export function Keys({ chords }: { chords: readonly (readonly string[])[] }) {
  const { t } = useTranslation();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {chords.map((keys, i) => (
        <span key={i}>
          {i > 0 ? ` ${t('keyboard.or')} ` : null}
          {keys.map((k, j) => (
            <span key={j}>
              {j > 0 ? ' + ' : null}
              <kbd style={KBD}>{k}</kbd>
            </span>
          ))}
        </span>
      ))}
    </span>
  );
}

/** Every shortcut of the console, where it works: the one list, so none is a secret (the ? key and the palette open it). */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mod = modKeyName();
  const sections: Array<{ title: string; rows: Array<[string, readonly (readonly string[])[]]> }> = [
    {
      title: t('keyboard.help.everywhere'),
      rows: [
        [t('keyboard.help.palette'), [[mod, 'K']]],
        [t('keyboard.help.search'), [['/']]],
        [t('keyboard.help.help'), [['?']]],
      ],
    },
    {
      title: t('keyboard.help.order'),
      rows: [
        [t('keyboard.help.next'), [['J'], ['Alt', '↓']]],
        [t('keyboard.help.previous'), [['K'], ['Alt', '↑']]],
        [t('keyboard.help.ship'), [['S']]],
        [t('keyboard.help.back-search'), [['/']]],
      ],
    },
    {
      title: t('keyboard.help.in-palette'),
      rows: [
        [t('keyboard.help.move'), [['↓'], ['↑']]],
        [t('keyboard.help.open'), [['Enter']]],
        [t('keyboard.help.close'), [['Esc']]],
      ],
    },
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('keyboard.help.title')} width={560}>
      {sections.map((s) => (
        <section key={s.title} style={{ marginBottom: 16 }}>
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            {s.title}
          </Typography.Title>
          <table style={{ width: '100%', borderCollapse: 'collapse' }}>
            <tbody>
              {s.rows.map(([what, chords]) => (
                <tr key={what} style={{ borderBottom: '1px solid #f0f0f0' }}>
                  <td style={{ padding: '6px 0' }}>{what}</td>
                  <td style={{ padding: '6px 0', textAlign: 'end' }}>
                    <Keys chords={chords} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('keyboard.help.typing')}
      </Typography.Paragraph>
    </Modal>
  );
}
