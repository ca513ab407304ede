import { Mask, MaskInput, type MaskaDetail, type MaskTokens } from 'maska';

/** Spec §5 pattern characters: `#` a digit, `@` a letter, `*` a letter or digit. */
export const MASK_TOKENS: MaskTokens = {
  '#': { pattern: /[0-9]/ },
  '@': { pattern: /[a-zA-Z]/ },
  '*': { pattern: /[a-zA-Z0-9]/ },
  // An issued document's access code, read off paper in any case and shown as printed.
  X: { pattern: /[a-zA-Z0-9]/, transform: (character: string) => character.toUpperCase() },
};

export const MASKS = {
  cpf: '###.###.###-##',
  // Landlines have 8 digits after the area code, mobiles 9; maska picks the mask that fits.
  phone: ['(##) ####-####', '(##) #####-####'],
  cep: '#####-###',
  documentCode: 'XXXX-XXXX',
} as const;

export type MaskName = keyof typeof MASKS;

function options(name: MaskName) {
  const mask = MASKS[name];
  return { mask: typeof mask === 'string' ? mask : [...mask], tokens: MASK_TOKENS, tokensReplace: true };
}

export function applyMask(name: MaskName, value: string): string {
  return new Mask(options(name)).masked(value);
}

/** Masks an input element as the user types; `onChange` receives the masked value. */
export function attachMask(input: HTMLInputElement, name: MaskName, onChange: (detail: MaskaDetail) => void) {
  const maskInput = new MaskInput(input, { ...options(name), onMaska: onChange });
  return () => maskInput.destroy();
}
