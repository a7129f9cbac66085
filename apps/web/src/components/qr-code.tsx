import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of a text, drawn in the browser (the LPA install string never leaves the page). */
export function QrCode({ text, label, onShown }: { text: string; label: string; onShown?: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then((url) => {
      if (!live) return;
      setSrc(url);
      onShown?.();
    });
    return () => {
      live = false;
    };
    // Counted once per text shown.
  }, [text]);
  return src ? <img className="qr-code" src={src} alt={label} width={240} height={240} /> : <div className="qr-code qr-code--loading" />;
}
