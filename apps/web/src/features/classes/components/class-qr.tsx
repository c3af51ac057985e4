import { QRCode } from 'antd';

/**
 * The QR code of a class's join URL, as SVG (sharp when printed). Its own module so that the QR
 * encoder (antd's QRCode, @rc-component/qrcode) loads only with the screens that show one.
 */
export default function ClassQr({ url, size = 128 }: { url: string; size?: number }) {
  return (
    <QRCode type="svg" value={url} size={size} bordered={false} errorLevel="M" aria-label="クラスコードのQRコード" />
  );
}
