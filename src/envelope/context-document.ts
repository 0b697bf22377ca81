/**
 * JSON-LD context documents (`{"@context": …}`), such as the baseline inline context of Section
 * 6.1 or a context a sender serves remotely. Valid means: processable as JSON-LD 1.1 (remote
 * contexts only through the caller's loader) and every core term it defines keeps its baseline
 * meaning and type handling — the same checks an envelope's own context gets.
 */
import { checkContext } from './context.js';
import { jsonldErrorFinding, resolveOptions } from './expansion.js';
import { Findings, describeType, isObject } from './findings.js';
import { loadJsonLd } from './jsonld-api.js';
import { checkLimits } from './limits.js';
import type { ValidateOptions, ValidatedContext, ValidationResult } from './types.js';

export async function validateContextDocument(input: unknown, options: ValidateOptions = {}): Promise<ValidationResult<ValidatedContext>> {
  const r = resolveOptions(options);
  const f = new Findings();
  if (!isObject(input)) {
    f.add('E_INVALID_JSON', '$', `a context document must be a JSON object, got ${describeType(input)}`, '6.1');
    return f.result<ValidatedContext>(undefined);
  }
  if (!checkLimits(input, r.limits, f)) return f.result<ValidatedContext>(undefined);
  for (const key of Object.keys(input)) {
    if (key !== '@context') f.add('E_INVALID_UNKNOWN_MEMBER', `$[${JSON.stringify(key)}]`, `a context document has only "@context"; "${key}" is not part of it`, '6.1');
  }
  if (!('@context' in input)) {
    f.add('E_INVALID_CONTEXT_MISSING', '$', 'a context document needs "@context"', '6.1');
    return f.result<ValidatedContext>(undefined);
  }
  const context = input['@context'];
  try {
    const jsonld = await loadJsonLd();
    const initial = await jsonld.processContext(null, null, {});
    await jsonld.processContext(initial, context, { documentLoader: r.documentLoader });
  } catch (error) {
    jsonldErrorFinding(error, input, f);
    return f.result<ValidatedContext>(undefined);
  }
  f.push(...await checkContext(context, '$["@context"]', r.documentLoader, r.loaderIsDefault));
  return f.result<ValidatedContext>({ kind: 'context', context });
}
