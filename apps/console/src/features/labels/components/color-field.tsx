import { contrastRatio, LABEL_MIN_CONTRAST, LABEL_TEXT_COLOR } from '@simshop/contract';
import { ColorPicker, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A label colour typed as #rrggbb or picked, with the contrast white text would have on it. */
export function ColorField({ value = '', onChange, id }: { value?: string; onChange?: (color: string) => void; id?: string }) {
  const { t } = useTranslation();
  const valid = HEX.test(value);
  const ratio = valid ? contrastRatio(value, LABEL_TEXT_COLOR) : null;
  return (
    <Flex gap={8} align="center" wrap>
      <ColorPicker value={valid ? value : '#1f6f43'} disabledAlpha onChange={(c) => onChange?.(c.toHexString())} aria-label={t('labels.color.pick')} />
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value.trim())} maxLength={7} placeholder="#1f6f43" style={{ width: 120 }} />
      {ratio !== null ? (
        <Typography.Text type={ratio >= LABEL_MIN_CONTRAST ? 'success' : 'danger'} data-testid="label-contrast">
          {t(ratio >= LABEL_MIN_CONTRAST ? 'labels.contrast.ok' : 'labels.contrast.low', { ratio: ratio.toFixed(1), min: LABEL_MIN_CONTRAST })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
