import { Picture } from '@/components/picture';
import { useTranslation } from '@/i18n';
import { imageUrl } from '@/lib/images';
import { money } from '@/lib/money';

interface Line {
  skuId: number;
  name: string;
  options: string[];
  images: string;
  unitPrice: number;
  quantity: number;
  inputs: Record<string, string>;
}

/** Order items with their remark labels (SPEC §3: IMEI, EID, recharge number, ...). */
export function OrderLines({ lines, currency }: { lines: Line[]; currency: string }) {
  const { t } = useTranslation();
  return (
    <ul className="order-lines">
      {lines.map((l, i) => (
        <li key={`${l.skuId}-${i}`} className="order-line">
          <Picture src={imageUrl(l.images)} width={56} height={56} fit="contain" alt="" />
          <div className="order-line-text">
            <div>{l.name}</div>
            <div className="muted">{l.options.join(' · ')}</div>
            {Object.entries(l.inputs).map(([k, v]) => (
              <div key={k} className="muted">
                {t(`order.input.${k}`)}: {k === 'paperCard' ? t(`order.input.paperCard.${v}`) : v}
              </div>
            ))}
          </div>
          <div className="order-line-price">
            {money(l.unitPrice, currency)}
            <div className="muted">×{l.quantity}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}
