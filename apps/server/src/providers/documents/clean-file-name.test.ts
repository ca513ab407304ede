import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './clean-file-name.js';

describe('cleanFileName', () => {
  it('keeps only the base name, whichever the path separator', () => {
    expect(cleanFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(cleanFileName('C:\\x\\y.pdf', 'pdf')).toBe('y.pdf');
    expect(cleanFileName('/tmp/laudo.PDF', 'pdf')).toBe('laudo.PDF');
  });

  it('removes control and bidi characters, leading dots and extra spaces, in NFC', () => {
    expect(cleanFileName('exa\u0000me\r\n de\tsangue.pdf', 'pdf')).toBe('exame de sangue.pdf');
    // A right-to-left override would show "laudo‮fdp.exe" as "laudoexe.pdf".
    expect(cleanFileName('laudo\u202Efdp.exe', 'pdf')).toBe('laudofdp.exe.pdf');
    expect(cleanFileName('  ..hidden.png', 'png')).toBe('hidden.png');
    expect(cleanFileName('Ressonância.jpg'.normalize('NFD'), 'jpg')).toBe('Ressonância.jpg'.normalize('NFC'));
  });

  it('ends in the detected extension, accepting its other spellings', () => {
    expect(cleanFileName('foto.jpeg', 'jpg')).toBe('foto.jpeg');
    expect(cleanFileName('laudo.html', 'txt')).toBe('laudo.html.txt');
    expect(cleanFileName('receita', 'docx')).toBe('receita.docx');
  });

  it('limits the length to 120 characters, keeping the extension', () => {
    const cleaned = cleanFileName(`${'ç'.repeat(300)}.pdf`, 'pdf');
    expect(Array.from(cleaned)).toHaveLength(120);
    expect(cleaned.endsWith('ç.pdf')).toBe(true);
  });

  it('falls back to arquivo.<extension> when nothing is left', () => {
    expect(cleanFileName(undefined, 'pdf')).toBe('arquivo.pdf');
    expect(cleanFileName('', 'png')).toBe('arquivo.png');
    expect(cleanFileName('../', 'png')).toBe('arquivo.png');
    expect(cleanFileName(' \u200B\u0007 ', 'txt')).toBe('arquivo.txt');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact name in RFC 5987 form', () => {
    expect(contentDisposition('Ressonância (1) 😀.pdf', 'inline')).toBe(
      `inline; filename="Ressonancia (1) _.pdf"; filename*=UTF-8''Resson%C3%A2ncia%20%281%29%20%F0%9F%98%80.pdf`,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const header = contentDisposition('a"b\\c\r\nX-Evil: 1.txt', 'attachment');
    expect(header).toBe(
      `attachment; filename="a_b_c__X-Evil: 1.txt"; filename*=UTF-8''a%22b%5Cc%0D%0AX-Evil%3A%201.txt`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });
});
