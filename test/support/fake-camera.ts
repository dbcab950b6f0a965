import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a few identical Y4M
 * frames (4:2:0, the format Chromium reads) showing `text` as a QR code, black on white with its quiet
 * zone, as a pass looks on a phone held up to a scanner. Chromium loops the file.
 */
export async function writeQrVideo(path: string, text: string): Promise<void> {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quietZone = 4;
  const scale = Math.floor((height - 20) / (size + 2 * quietZone));
  if (scale < 2) throw new Error(`The QR code (${size} modules) is too large for a ${width}x${height} frame`);
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) {
      if (!qr.modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++)
        luma.fill(
          16,
          (top + row * scale + y) * width + left + column * scale,
          (top + row * scale + y) * width + left + (column + 1) * scale,
        );
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(path, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}
