/**
 * Rows of a delimited text file whose first line names the columns, each row as column → value. Quoted
 * fields may hold the delimiter, line breaks and doubled quotes (`""`); a final line break is optional.
 */
export function parseDelimited(text: string, delimiter = ';'): Record<string, string>[] {
  const [header, ...rows] = splitRecords(text.replace(/^\uFEFF/, ''), delimiter);
  if (!header) return [];
  return rows.map((values) => Object.fromEntries(header.map((name, index) => [name, values[index] ?? ''])));
}

function splitRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (isQuoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else isQuoted = false;
    } else if (char === '"') isQuoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      records.push([...record, field]);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}
