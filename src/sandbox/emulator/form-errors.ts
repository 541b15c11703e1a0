/**
 * Collects payload problems the way Discord reports them: 50035 Invalid Form Body with an
 * `errors` object nested by path, e.g. errors.data.components[0].components[1].custom_id._errors.
 */
export type Path = (string | number)[];

export interface FieldError {
  path: Path;
  code: string;
  message: string;
}

export class FormErrors {
  readonly list: FieldError[] = [];

  add(path: Path, code: string, message: string): void {
    this.list.push({ path, code, message });
  }

  maxLength(path: Path, value: unknown, max: number, min = 0): void {
    if (typeof value !== 'string') return;
    const length = [...value].length;
    if (length > max || length < min) {
      this.add(
        path,
        'BASE_TYPE_BAD_LENGTH',
        min > 0 ? `Must be between ${min} and ${max} in length.` : `Must be ${max} or fewer in length.`,
      );
    }
  }

  required(path: Path, value: unknown): boolean {
    if (value === undefined || value === null) {
      this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
      return false;
    }
    return true;
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  /** The response body Discord sends for these errors. */
  body(): { code: number; message: string; errors: Record<string, unknown> } {
    const errors: Record<string, unknown> = {};
    for (const { path, code, message } of this.list) {
      let node = errors;
      for (const key of path) {
        const k = String(key);
        node[k] ??= {};
        node = node[k] as Record<string, unknown>;
      }
      const list = (node._errors ??= []) as { code: string; message: string }[];
      list.push({ code, message });
    }
    return { code: 50035, message: 'Invalid Form Body', errors };
  }
}

/** "0.options.1.name" style path, as used in command validation messages and tests. */
export const dotted = (path: Path): string => path.join('.');
