import type { BundleEntry, Narrative, Reference, Resource } from '@medplum/fhirtypes';
import { createHash } from 'node:crypto';

/**
 * A resource's id in the Bundle, derived from what it stands for (a record's id, and the item's place in it): the
 * same record gives the same id in every Bundle, so a receiving system recognises what it already holds.
 */
export function entryId(...parts: (string | number)[]): string {
  const hash = createHash('sha1').update(parts.join('/')).digest();
  // Shaped as a name-based UUID (version 5, RFC 9562).
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const fullUrlOf = (id: string) => `urn:uuid:${id}`;

/** A reference to a resource of the Bundle, by its fullUrl, with its type (a urn:uuid does not say it). */
export function referenceTo<T extends Resource>(resource: T, display?: string): Reference<T> {
  return { reference: fullUrlOf(resource.id!), type: resource.resourceType, ...(display ? { display } : {}) };
}

export function entryOf(resource: Resource): BundleEntry {
  return { fullUrl: fullUrlOf(resource.id!), resource };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text as the narrative FHIR asks for: XHTML, one paragraph a line. */
export function narrative(text: string, status: Narrative['status'] = 'generated'): Narrative {
  const paragraphs = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeXml(line)}</p>`);
  return { status, div: `<div xmlns="http://www.w3.org/1999/xhtml">${paragraphs.join('')}</div>` };
}
