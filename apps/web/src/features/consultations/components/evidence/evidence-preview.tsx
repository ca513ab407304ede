import type { TEvidenceVariant } from '@escriba/contract';
import { VariantImage } from '../../../../components/ui/image';

interface EvidencePreviewProps {
  fileName: string;
  variants: TEvidenceVariant[];
  /** A PDF is previewed by its first page. */
  isPdf: boolean;
}

/**
 * A photo, or a PDF's first page, as large as the dialog lets it be (a lab value must be legible here); a click
 * opens its largest rendition in a new tab, to zoom in.
 */
export function EvidencePreview({ fileName, variants, isPdf }: EvidencePreviewProps) {
  const largest = variants.reduce<TEvidenceVariant | undefined>(
    (best, variant) => (/^w\d+$/.test(variant.name) && variant.width > (best?.width ?? 0) ? variant : best),
    undefined,
  );
  if (!largest) return null;
  return (
    <figure className="flex flex-col gap-1.5">
      <a
        href={largest.url}
        target="_blank"
        rel="noopener noreferrer"
        className="block cursor-zoom-in rounded-xl"
        aria-label={`Abrir ${isPdf ? 'a primeira página' : 'a imagem'} em tamanho real`}
      >
        <VariantImage
          variants={variants}
          sizes="(min-width: 42rem) 40rem, calc(100vw - 5rem)"
          alt={isPdf ? `Primeira página de ${fileName}` : `Imagem de ${fileName}`}
          className="max-h-[70vh] w-full rounded-xl border border-line bg-subtle object-contain"
        />
      </a>
      <figcaption className="text-xs text-muted">
        {isPdf ? 'Primeira página do PDF. ' : ''}Clique na imagem para abri-la em tamanho real e ampliar.
      </figcaption>
    </figure>
  );
}
