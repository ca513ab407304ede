/**
 * The `data` of each event of a text/event-stream body, however the network split its bytes: lines and UTF-8
 * characters may straddle chunks. Comments (keep-alives) and other fields are skipped. An unterminated last
 * line is a broken stream and is dropped.
 */
export async function* readServerSentEvents(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  let dataLines: string[] = [];
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    let lineEnd: RegExpExecArray | null;
    while ((lineEnd = LINE_END.exec(pending))) {
      // A lone CR at the end may be the first half of a CRLF still on its way.
      if (lineEnd[0] === '\r' && lineEnd.index === pending.length - 1) break;
      const line = pending.slice(0, lineEnd.index);
      pending = pending.slice(lineEnd.index + lineEnd[0].length);
      if (line === '') {
        if (dataLines.length > 0) yield dataLines.join('\n');
        dataLines = [];
      } else if (line.startsWith('data:')) {
        dataLines.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  }
  // Some servers close right after the last data line, without the blank line that ends the event.
  if (dataLines.length > 0) yield dataLines.join('\n');
}

const LINE_END = /\r\n|\r|\n/;
