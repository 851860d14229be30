import { describe, expect, it } from '@jest/globals';
import { csvChunks, csvDisposition, csvField, csvStream, formatBogotaDateTime, toCsv, type CsvColumn } from './csv';

interface Person {
  name: string;
  joined: Date;
  amount: number | null;
  note?: string;
}

const columns: CsvColumn<Person>[] = [
  { header: 'Nombre', value: (p) => p.name },
  { header: 'Fecha de registro', value: (p) => p.joined },
  { header: 'Valor', value: (p) => p.amount },
  { header: 'Nota', value: (p) => p.note },
];

async function* pagesOf<T>(pages: T[][]) {
  for (const page of pages) yield page;
}

describe('csv', () => {
  it('starts with the byte-order mark, quotes every field, separates with ; and ends lines with CRLF', () => {
    const out = toCsv(columns, [{ name: 'Ñandú Pérez', joined: new Date('2026-03-02T19:32:10Z'), amount: 50000, note: 'Güeña' }]);
    expect(out).toBe('\uFEFF"Nombre";"Fecha de registro";"Valor";"Nota"\r\n' + '"Ñandú Pérez";"02/03/2026 14:32";"50000";"Güeña"\r\n');
    // The BOM is the three bytes Excel looks for.
    expect([...Buffer.from(out, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes dates in Bogotá time, across midnight and the year', () => {
    expect(formatBogotaDateTime(new Date('2026-01-01T04:59:00Z'))).toBe('31/12/2025 23:59');
    expect(formatBogotaDateTime(new Date('2026-01-01T05:00:00Z'))).toBe('01/01/2026 00:00');
    expect(formatBogotaDateTime(new Date('2026-07-20T17:05:59.999Z'))).toBe('20/07/2026 12:05');
    expect(formatBogotaDateTime(new Date('nada'))).toBe('');
  });

  it('doubles quotes and keeps separators and line breaks inside a field', () => {
    expect(csvField('Dijo "hola"; luego\r\nse fue')).toBe('"Dijo ""hola""; luego\r\nse fue"');
  });

  it.each([
    ['=HYPERLINK("http://mal.example","clic")', `"'=HYPERLINK(""http://mal.example"",""clic"")"`],
    ['+57 300 123 4567', `"'+57 300 123 4567"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
  ])('puts an apostrophe before text Excel would run as a formula: %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('leaves ordinary text, inner formula characters and real numbers alone', () => {
    expect(csvField('Ana = María')).toBe('"Ana = María"');
    expect(csvField('ana+boletin@correo.co')).toBe('"ana+boletin@correo.co"');
    expect(csvField(-1500)).toBe('"-1500"');
    expect(csvField(1234.5)).toBe('"1234,5"');
    expect(csvField(true)).toBe('"Sí"');
    expect(csvField(null)).toBe('""');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(Number.NaN)).toBe('""');
  });

  it('streams page by page, asking for the next page only as the reader goes on', async () => {
    const asked: number[] = [];
    async function* pages() {
      for (let p = 0; p < 3; p++) {
        asked.push(p);
        yield [{ name: `P${p}`, joined: new Date('2026-03-02T05:00:00Z'), amount: p }];
      }
    }
    const chunks = csvChunks(columns, pages());
    expect((await chunks.next()).value).toBe('\uFEFF"Nombre";"Fecha de registro";"Valor";"Nota"\r\n');
    expect(asked).toEqual([]);
    expect((await chunks.next()).value).toBe('"P0";"02/03/2026 00:00";"0";""\r\n');
    expect(asked).toEqual([0]);
    const rest: string[] = [];
    for await (const c of chunks) rest.push(c);
    expect(rest).toHaveLength(2);
    expect(asked).toEqual([0, 1, 2]);
  });

  it('gives the same bytes as a stream as in one string, an empty page writing nothing', async () => {
    const rows = [
      { name: 'Uno', joined: new Date('2026-03-02T05:00:00Z'), amount: 1 },
      { name: 'Dos', joined: new Date('2026-03-03T05:00:00Z'), amount: 2 },
    ];
    const body: Buffer[] = [];
    for await (const b of csvStream(columns, pagesOf([[rows[0]!], [], [rows[1]!]]))) body.push(b as Buffer);
    expect(Buffer.concat(body).toString('utf8')).toBe(toCsv(columns, rows));
  });

  it('names the download for old and new clients', () => {
    expect(csvDisposition('comunidad-niñez.csv')).toBe(
      `attachment; filename="comunidad-ninez.csv"; filename*=UTF-8''comunidad-ni%C3%B1ez.csv`,
    );
  });
});
