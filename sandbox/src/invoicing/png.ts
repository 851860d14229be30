// The `qr_image` Factus returns: the QR code as a PNG data URI ("data:image/png;base64, …", with the space after the
// comma that Factus writes). A grayscale PNG written by hand (zlib from Node), so no image library is needed.
import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'uqr';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** The QR code of `text` as PNG bytes, `scale` pixels per module, with a 4-module quiet zone. */
export function qrPng(text: string, scale = 4): Buffer {
  const qr = encode(text, { ecc: 'M', border: 4 });
  const side = qr.size * scale;
  const raw = Buffer.alloc((side + 1) * side, 0xff);
  for (let y = 0; y < side; y++) {
    const row = y * (side + 1);
    raw[row] = 0; // filter: none
    const modules = qr.data[Math.floor(y / scale)] ?? [];
    for (let x = 0; x < side; x++) if (modules[Math.floor(x / scale)]) raw[row + 1 + x] = 0;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export const qrDataUri = (text: string) => `data:image/png;base64, ${qrPng(text).toString('base64')}`;
