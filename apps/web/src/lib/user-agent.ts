/** A user agent as "Chrome 131 · Linux"; the raw text when neither is recognised. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Navegador desconhecido';
  const browser = [
    ['Edge', /Edg\/(\d+)/],
    ['Firefox', /Firefox\/(\d+)/],
    ['Chrome', /(?:Headless)?Chrome\/(\d+)/],
    ['Safari', /Version\/(\d+).*Safari/],
  ] as const;
  const system = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X/],
    ['Linux', /Linux/],
  ] as const;
  const found = browser.map(([label, pattern]) => [label, pattern.exec(userAgent)?.[1]] as const).find(([, v]) => v);
  const os = system.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const parts = [found && `${found[0]} ${found[1]}`, os].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : userAgent;
}
