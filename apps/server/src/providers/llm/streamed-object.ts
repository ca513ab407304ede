import { JSONParser } from '@streamparser/json';
import { failures } from './llm-failures';

/**
 * A JSON object read as its text streams in: each top-level property is handed out once complete, in the order
 * written. Anything but one object with each key once (and every required key) is `malformed`.
 */
export class StreamedObject {
  readonly value: Record<string, unknown> = {};
  // keepStack false: finished properties are not kept twice, in the parser and in `value`.
  private readonly parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  private completed: [string, unknown][] = [];
  private hasStarted = false;

  constructor(private readonly requiredKeys: readonly string[]) {
    this.parser.onValue = ({ key, value, parent }) => {
      if (typeof key !== 'string' || Array.isArray(parent) || Object.hasOwn(this.value, key)) {
        throw failures.notTheObject();
      }
      this.value[key] = value;
      this.completed.push([key, value]);
    };
  }

  /** Feeds more text; returns the properties it completed. */
  write(text: string): [string, unknown][] {
    if (!this.hasStarted) {
      const start = text.trimStart();
      if (!start) return [];
      if (!start.startsWith('{')) throw failures.notTheObject();
      this.hasStarted = true;
    }
    try {
      this.parser.write(text);
    } catch {
      throw failures.notTheObject();
    }
    const completed = this.completed;
    this.completed = [];
    return completed;
  }

  /** The whole object once the text is over. */
  end(): Record<string, unknown> {
    // The parser ends itself when the root object closes; still open means the text stopped short.
    if (!this.parser.isEnded || this.requiredKeys.some((key) => !Object.hasOwn(this.value, key))) {
      throw failures.notTheObject();
    }
    return this.value;
  }
}

/** The `required` list of an object schema. */
export function requiredKeysOf(jsonSchema: Record<string, unknown>): string[] {
  const { required } = jsonSchema;
  return Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [];
}
