import { LABEL_TEXT_COLOR, type AdminLabelRef } from '@simshop/contract';
import { CloseOutlined } from '@ant-design/icons';
import { localText } from '@/lib/format';

/** A label as the shop draws it: white text on exactly its colour (antd's Tag would tint it). */
export function LabelTag({ label, lang, closable, onClose }: { label: Pick<AdminLabelRef, 'text' | 'color'>; lang: string; closable?: boolean; onClose?: () => void }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, background: label.color, color: LABEL_TEXT_COLOR, borderRadius: 4, padding: '0 7px', marginInlineEnd: 4, fontSize: 12, lineHeight: '20px', fontWeight: 600, whiteSpace: 'nowrap' }}>
      {localText(label.text, lang)}
      {closable ? (
        <CloseOutlined
          role="button"
          aria-label={localText(label.text, lang)}
          style={{ fontSize: 10, cursor: 'pointer' }}
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            e.stopPropagation();
            onClose?.();
          }}
        />
      ) : null}
    </span>
  );
}
