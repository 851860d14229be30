// Test support (like identity-testing.ts): reads the panel's CSV exports back, written apart from their writer so a
// test checks the file and not the writer against itself. Used by the community inbox's API test and its browser test.

/**
 * The records of a file as Excel in Spanish opens it: ';' separated, fields in double quotes where needed ('""' is a
 * quote), each record ended by CRLF (line breaks inside quotes are kept). Throws when the file does not end with CRLF.
 * The BOM, if any, is the caller's to strip.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || record.length) throw new Error('the file does not end with CRLF');
  return records;
}
